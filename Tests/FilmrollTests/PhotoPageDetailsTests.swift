import Catalog
import Filmroll
import Foundation
import Imaging
import Testing
import TestSupport

/// What a video's page tells (length, codec and frame rate, sound) and
/// offers (its own player, no "Play the motion"), the badges of "On this
/// day", and a JPEG XL's colour space said as a person would.
@Suite struct PhotoPageDetailsTests {
    /// `CameraRollTests.folder()` and a still of 2023-05-03, so that 05-03 has an "On this day".
    static func folder() throws -> String {
        let folder = try CameraRollTests.folder()
        try AtomicFile.write(try CameraRollTests.still(taken: "2023:05:03 09:00:00"), to: folder + "/IMG_0001.JPG")
        return folder
    }

    /// The details panel's rows of a page, "label: text" without tags.
    static func details(_ page: String) -> [String] {
        guard let start = page.firstRange(of: "<dl>"), let end = page.firstRange(of: "</dl>") else { return [] }
        return page[start.upperBound..<end.lowerBound].components(separatedBy: "<dt>").dropFirst().map { row in
            row.replacingOccurrences(of: "</dt><dd>", with: ": ")
                .replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func videoPagesTellLengthCodecFrameRateAndSound() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.failures.isEmpty, "\(summary.failures)")
        let catalog = try Catalog(folder: folder, access: .read)
        #expect(try catalog.database.value("SELECT frame_rate FROM photos WHERE path = 'iphone-hevc.mov'").double == 30)
        #expect(try catalog.database.value("SELECT frame_rate FROM photos WHERE path = 'IMG_0100.JPG'").double == nil)

        let gallery = folder + "/.filmroll/gallery/photos/"
        let hevc = Self.details(try String(contentsOfFile: gallery + "iphone-hevc.html", encoding: .utf8))
        #expect(hevc.contains("Length: 0:02") && hevc.contains("Video: HEVC · 30 fps") && hevc.contains("Sound: Yes"), "\(hevc)")
        let fade = Self.details(try String(contentsOfFile: gallery + "fade-in.html", encoding: .utf8))
        #expect(fade.contains("Length: 0:02") && fade.contains("Video: H.264 · 30 fps") && fade.contains("Sound: None"), "\(fade)")
        // A Live Photo tells its MOV's.
        let live = try String(contentsOfFile: gallery + "IMG_0100.html", encoding: .utf8)
        #expect(Self.details(live).contains("Video: H.264 · 30 fps"), "\(Self.details(live))")
        let still = Self.details(try String(contentsOfFile: gallery + "IMG_0001.html", encoding: .utf8))
        #expect(!still.contains { $0.hasPrefix("Length") || $0.hasPrefix("Video") || $0.hasPrefix("Sound") }, "\(still)")
    }

    @Test func playTheMotionIsOnlyForLiveAndMotionPhotos() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        let gallery = folder + "/.filmroll/gallery/photos/"
        for video in ["iphone-hevc.html", "fade-in.html"] {
            let page = try String(contentsOfFile: gallery + video, encoding: .utf8)
            #expect(!page.contains("Play the motion") && page.contains(">Play the video</a></video>"), "\(video)")
        }
        #expect(try String(contentsOfFile: gallery + "IMG_0100.html", encoding: .utf8).contains("Play the motion"))
    }

    @Test func onThisDayKeepsThePlayBadges() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        let gallery = folder + "/.filmroll/gallery/"
        let day = try String(contentsOfFile: gallery + "days/2024-05-03.html", encoding: .utf8)
        let onThisDay = try String(contentsOfFile: gallery + "on-this-day/05-03.html", encoding: .utf8)
        for badge in [#"<span class="badge video" aria-hidden="true">▶ 0:02</span>"#,
                      #"<span class="badge livePhoto" aria-hidden="true">LIVE</span>"#, "(video, 0:02)", "(Live Photo, 0:02)"] {
            #expect(day.contains(badge), "\(badge)")
            #expect(onThisDay.contains(badge), "\(badge)")
        }
    }

    @Test func aJPEGXLsColourSpaceIsSaidByItsName() throws {
        let p3 = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jxl/p3.jxl"))
        #expect(p3.colorSpace.description == "Display P3", "\(p3.colorSpace.description)")
        let folder = try FolderProcessTests.folderOf { folder in
            try AtomicFile.write(try Fixtures.bytes("jxl/p3.jxl"), to: folder + "/p3.jxl")
            FileTimes.setKept(folder + "/p3.jxl")   // a day for a photo with no date inside
        }
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        let catalog = try Catalog(folder: folder, access: .read)
        #expect(try catalog.photo(relativePath: "p3.jxl")?.colorSpace == "Display P3")
        let pages = folder + "/.filmroll/gallery/photos/"
        let page = try String(contentsOfFile: pages + "p3.html", encoding: .utf8)
        #expect(Self.details(page).contains("Colour space: Display P3") || Self.details(page).contains("Color space: Display P3"),
                "\(Self.details(page))")
    }

    /// A photo whose GPS says 0,0 has no place on its page and no map.
    @Test func gpsZeroZeroIsNoPlace() throws {
        func photo(latitude: UInt32, longitude: UInt32) throws -> [UInt8] {
            var exif = EXIFBuilder()
            exif.exif[0x9003] = .ascii("2024:05:04 10:00:00")
            exif.gps[0x0001] = .ascii("N")
            exif.gps[0x0002] = .rationals([(latitude, UInt32(1)), (UInt32(0), UInt32(1)), (UInt32(0), UInt32(1))])
            exif.gps[0x0003] = .ascii("E")
            exif.gps[0x0004] = .rationals([(longitude, UInt32(1)), (UInt32(0), UInt32(1)), (UInt32(0), UInt32(1))])
            return try XMPFixtures.jpeg(xmp: nil, exif: exif.payload)
        }
        let folder = try FolderProcessTests.folderOf { folder in
            try AtomicFile.write(try photo(latitude: 0, longitude: 0), to: folder + "/nowhere.jpg")
        }
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        let gallery = folder + "/.filmroll/gallery/"
        let page = try String(contentsOfFile: gallery + "photos/nowhere.html", encoding: .utf8)
        #expect(!Self.details(page).contains { $0.hasPrefix("Place") }, "\(Self.details(page))")
        #expect(!page.contains("0.0° N"))
        #expect(!FileBytes.exists(gallery + "days/2024-05-04-map.svg"))

        // The same photo somewhere is placed: the check above can fail.
        try AtomicFile.write(try photo(latitude: 37, longitude: 126), to: folder + "/nowhere.jpg")
        _ = try FolderProcess(folder: folder).run()
        let placed = try String(contentsOfFile: gallery + "photos/nowhere.html", encoding: .utf8)
        #expect(Self.details(placed).contains { $0.hasPrefix("Place") }, "\(Self.details(placed))")
    }

    @Test(arguments: [("RGB_D65_SRG_Per_SRG", "sRGB"), ("RGB_D65_DCI_Per_SRG", "Display P3"), ("RGB_D65_DCI_Rel_SRG", "Display P3"),
                      ("RGB_D65_202_Rel_PeQ", "Rec. 2100 PQ"), ("RGB_D65_202_Per_HLG", "Rec. 2100 HLG"),
                      ("RGB_D65_SRG_Rel_Lin", "Linear sRGB"), ("Gra_D65_Rel_SRG", "Greyscale, sRGB curve"), ("RGB_D50_SRG_Per_g0.45455", "sRGB primaries, gamma 0.45455"),
                      ("Display P3", "Display P3"), ("sRGB IEC61966-2.1", "sRGB IEC61966-2.1")])
    func libjxlsNamesAreSaidPlainly(made: String, said: String) {
        #expect(ColorSpaceName.readable(made) == said)
    }
}
