import Catalog
import Filmroll
import Files
import Foundation
import Imaging
import Testing
import TestSupport

/// A camera roll is more than stills: videos are items with a poster and a
/// page that plays them, a Live Photo is one item (its still, with its MOV
/// as its motion), and the counts say so.
@Suite struct CameraRollTests {
    static func clip(_ name: String) throws -> [UInt8] {
        try FileBytes.read(Fixtures.root + "/Tests/Videos/camera-roll/" + name)
    }

    /// A JPEG taken at `taken` (+09:00), with Apple's content identifier when given.
    static func still(taken: String, contentIdentifier: String? = nil) throws -> [UInt8] {
        var exif = EXIFBuilder()
        exif.ifd0[0x010F] = .ascii("Apple")
        exif.ifd0[0x0110] = .ascii("iPhone 15 Pro")
        exif.exif[0x9003] = .ascii(taken)
        exif.exif[0x9011] = .ascii("+09:00")
        if let contentIdentifier { exif.exif[0x927C] = .undefined(EXIFBuilder.appleMakerNote([17: contentIdentifier])) }
        let image = Image(width: 64, height: 48, format: .rgb8, pixels: (0..<64 * 48 * 3).map { UInt8($0 % 251) })
        return try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(exif: exif.payload)))
    }

    /// An HEVC clip from an iPhone, an H.264 clip that fades in, and a Live
    /// Photo (IMG_0100.JPG and its MOV, a second apart, without identifiers in the still).
    static func folder() throws -> String {
        try FolderProcessTests.folderOf { folder in
            try AtomicFile.write(try clip("iphone-hevc.mov"), to: folder + "/iphone-hevc.mov")
            try AtomicFile.write(try clip("fade-in.mp4"), to: folder + "/fade-in.mp4")
            try AtomicFile.write(try clip("IMG_0100.MOV"), to: folder + "/IMG_0100.MOV")
            try AtomicFile.write(try still(taken: "2024:05:03 16:00:00"), to: folder + "/IMG_0100.JPG")
        }
    }

    /// A camera's H.264 with PCM sound plays in no browser as it is: the catalog keeps that
    /// its sound is such (audio 2), and its page plays a clip with the sound in AAC.
    @Test func aCameraMOVWithPCMSoundGetsAClip() throws {
        let folder = try FolderProcessTests.folderOf { folder in
            try AtomicFile.write(try Self.clip("camera-pcm.mov"), to: folder + "/MVI_0001.MOV")
        }
        defer { FolderProcessTests.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.failures.isEmpty && summary.videos == 1 && summary.clipsMade == 1, "\(summary)")
        let catalog = try Catalog(folder: folder, access: .read)
        #expect(try catalog.database.value("SELECT audio FROM photos").int == 2)
        let record = try #require(try catalog.photo(relativePath: "MVI_0001.MOV"))
        #expect(record.video?.hasAudio == true && record.video?.playsInBrowsers == false)
        let gallery = folder + "/.filmroll/gallery"
        #expect(try ImageDecoder.readInfo(contentsOf: gallery + "/clips/MVI_0001.mp4").metadata.video?.hasAudio == true)
        let page = try String(contentsOfFile: gallery + "/photos/MVI_0001.html", encoding: .utf8)
        #expect(page.contains(#"<video src="../clips/MVI_0001.mp4""#))
    }

    @Test func processMakesVideosAndALivePhotoItemsWithPagesThatPlayThem() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.failures.isEmpty, "\(summary.failures)")
        #expect(summary.photos == 1 && summary.videos == 2 && summary.livePhotos == 1)
        // Only the HEVC clip needs a clip made: browsers play the H.264 originals.
        #expect(summary.clipsMade == 1)

        let gallery = folder + "/.filmroll/gallery"
        let clip = try VideoReader(path: gallery + "/clips/iphone-hevc.mp4")
        #expect(clip.info.codec == "h264" && clip.info.size == PixelSize(width: 120, height: 160))
        let poster = try ImageDecoder.readInfo(contentsOf: gallery + "/thumbs/iphone-hevc_256.jpg")
        #expect(poster.uprightSize == PixelSize(width: 120, height: 160))

        let video = try String(contentsOfFile: gallery + "/photos/iphone-hevc.html", encoding: .utf8)
        #expect(video.contains(#"<video src="../clips/iphone-hevc.mp4" poster="../thumbs/iphone-hevc_1024.jpg""#))
        let h264 = try String(contentsOfFile: gallery + "/photos/fade-in.html", encoding: .utf8)
        #expect(h264.contains(#"<video src="../../../fade-in.mp4""#))
        let live = try String(contentsOfFile: gallery + "/photos/IMG_0100.html", encoding: .utf8)
        #expect(live.contains(#"class="motion-clip" src="../../../IMG_0100.MOV""#))
        #expect(live.contains("Play the motion"))
        #expect(!FileBytes.exists(gallery + "/photos/IMG_0100_mov.html"))
        let day = try String(contentsOfFile: gallery + "/days/2024-05-03.html", encoding: .utf8)
        #expect(day.contains(">▶ 0:02</span>") && day.contains(">LIVE</span>"))
        #expect(day.contains("<p class=\"summary\">1 photo, 1 video</p>"))
        #expect(day.contains("(video, 0:02)") && day.contains("(Live Photo, 0:02)"))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)

        let catalog = try Catalog(folder: folder, access: .read)
        let still = try #require(try catalog.photo(relativePath: "IMG_0100.JPG"))
        #expect(try catalog.photo(relativePath: "IMG_0100.MOV")?.liveStillID == still.id)
        #expect(try catalog.photos(matching: PhotoQuery()).map(\.path).sorted() == ["IMG_0100.JPG", "fade-in.mp4", "iphone-hevc.mov"])
        let stats = try catalog.stats()
        #expect(stats.photos == 1 && stats.videos == 2 && stats.livePhotos == 1)

        // Nothing changed: nothing decoded, no clip made again.
        let again = try FolderProcess(folder: folder).run()
        #expect(again.decoded == 0 && again.clipsMade == 0 && again.failures.isEmpty)
    }

    /// Apple's content identifier pairs a still and a MOV whatever their names and times.
    @Test func theContentIdentifierPairsWhateverTheNames() throws {
        let folder = try FolderProcessTests.folderOf { folder in
            try AtomicFile.write(try Self.clip("IMG_0100.MOV"), to: folder + "/IMG_0100.MOV")
            try AtomicFile.write(try Self.still(taken: "2024:05:03 12:00:00", contentIdentifier: "LIVE-0100-3B9A"),
                                 to: folder + "/renamed.jpg")
        }
        defer { FolderProcessTests.remove(folder) }
        let catalog = try Catalog(folder: folder)
        let summary = try FolderIndexer(catalog: catalog, jobs: 2).run()
        #expect(summary.livePhotos == 1)
        let still = try #require(try catalog.photo(relativePath: "renamed.jpg"))
        #expect(still.contentIdentifier == "LIVE-0100-3B9A")
        #expect(try catalog.photo(relativePath: "IMG_0100.MOV")?.liveStillID == still.id)
    }

    /// Without identifiers, the same name is not enough: the times must be within 2 s.
    @Test func theSameNameTakenApartIsTwoItems() throws {
        let folder = try FolderProcessTests.folderOf { folder in
            try AtomicFile.write(try Self.clip("IMG_0100.MOV"), to: folder + "/IMG_0100.MOV")
            try AtomicFile.write(try Self.still(taken: "2024:05:03 16:00:10"), to: folder + "/IMG_0100.JPG")
        }
        defer { FolderProcessTests.remove(folder) }
        let catalog = try Catalog(folder: folder)
        #expect(try FolderIndexer(catalog: catalog, jobs: 2).run().livePhotos == 0)
        #expect(try catalog.photos(matching: PhotoQuery()).count == 2)
        // Taken a second apart, a re-index pairs them.
        try AtomicFile.write(try Self.still(taken: "2024:05:03 16:00:00"), to: folder + "/IMG_0100.JPG")
        #expect(try FolderIndexer(catalog: catalog, jobs: 2).run().livePhotos == 1)
        #expect(try catalog.photos(matching: PhotoQuery()).map(\.path) == ["IMG_0100.JPG"])
    }

    /// A Pixel's older MicroVideo: a JPEG whose XMP says how long the MP4 after it is.
    static func motionPhoto(video: [UInt8]) throws -> [UInt8] {
        let xmp = XMPFixtures.packet(attributes: """
            xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1"
            GCamera:MicroVideoOffset="\(video.count)"
            """)
        return try XMPFixtures.jpeg(xmp: xmp) + video
    }

    /// A motion photo is one item, a still with its clip: the clip inside it
    /// is made into one the page plays over the still.
    @Test func aMotionPhotosVideoPlaysOnItsPage() throws {
        let video = try Self.clip("fade-in.mp4")
        let folder = try FolderProcessTests.folderOf { folder in
            try AtomicFile.write(try Self.motionPhoto(video: video), to: folder + "/PXL_0001.MP.jpg")
            FileTimes.setKept(folder + "/PXL_0001.MP.jpg")
        }
        defer { FolderProcessTests.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.failures.isEmpty, "\(summary.failures)")
        #expect(summary.photos == 1 && summary.videos == 0 && summary.clipsMade == 1)
        let catalog = try Catalog(folder: folder, access: .read)
        let record = try #require(try catalog.photo(relativePath: "PXL_0001.MP.jpg"))
        let size = try FileBytes.read(folder + "/PXL_0001.MP.jpg").count
        #expect(record.motionPhoto == MotionPhotoClip(kind: .microVideo, byteRange: size - video.count..<size))
        #expect(try catalog.stats().motionPhotos == 1)

        let gallery = folder + "/.filmroll/gallery"
        let clip = try VideoReader(path: gallery + "/clips/PXL_0001.MP.mp4")
        #expect(clip.info.codec == "h264" && clip.info.size == PixelSize(width: 160, height: 120))
        let page = try String(contentsOfFile: gallery + "/photos/PXL_0001.MP.html", encoding: .utf8)
        #expect(page.contains(#"class="motion-clip" src="../clips/PXL_0001.MP.mp4""#))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)
    }

    /// `convert` makes the same clip of a video or a motion photo, and refuses a still.
    @Test func convertMakesAClipBrowsersPlay() throws {
        let folder = try FolderProcessTests.folderOf { folder in
            try AtomicFile.write(try Self.motionPhoto(video: try Self.clip("fade-in.mp4")), to: folder + "/motion.jpg")
            try AtomicFile.write(try Self.still(taken: "2024:05:03 16:00:00"), to: folder + "/still.jpg")
        }
        defer { FolderProcessTests.remove(folder) }
        try ClipConversion().make(folder + "/motion.jpg", output: folder + "/motion.mp4")
        let reader = try VideoReader(path: folder + "/motion.mp4")
        #expect(reader.info.codec == "h264" && abs(reader.info.durationSeconds - 2) < 0.05)
        #expect(OutputMark.read(contentsOf: folder + "/motion.mp4") == .video)
        #expect(throws: ConversionError.self) { try ClipConversion().make(folder + "/still.jpg", output: folder + "/still.mp4") }
        #expect(!FileBytes.exists(folder + "/still.mp4"))
    }
}

/// A burst is one item: the frame with the most detail stands for it, and
/// its page lists the others.
@Suite struct BurstTests {
    /// A frame of a burst: `detail` 0 is a flat grey, more is more texture
    /// (more bytes per pixel), taken at 10:00:00 plus `tenths`.
    static func frame(detail: Int, tenths: Int, burst: String? = nil) throws -> [UInt8] {
        var exif = EXIFBuilder()
        exif.ifd0[0x010F] = .ascii("Apple")
        exif.ifd0[0x0110] = .ascii("iPhone 15 Pro")
        exif.exif[0x9003] = .ascii("2024:05:04 10:00:0\(tenths / 10)")
        exif.exif[0x9291] = .ascii("\(tenths % 10)00")
        if let burst { exif.exif[0x927C] = .undefined(EXIFBuilder.appleMakerNote([11: burst])) }
        var random = SplitMix64(seed: UInt64(tenths + 1))
        let pixels = (0..<64 * 48 * 3).map { _ in UInt8(128 + Int(random.next() % UInt64(2 * detail + 1)) - detail) }
        let image = Image(width: 64, height: 48, format: .rgb8, pixels: pixels)
        return try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(exif: exif.payload)))
    }

    @Test func framesTakenTogetherAreOneItemShownByTheirSharpest() throws {
        let folder = try FolderProcessTests.folderOf { folder in
            for (index, detail) in [4, 40, 8, 2].enumerated() {
                try AtomicFile.write(try Self.frame(detail: detail, tenths: index * 3), to: folder + "/IMG_200\(index).JPG")
            }
            // Taken by the same camera two seconds later: a photo of its own.
            try AtomicFile.write(try Self.frame(detail: 10, tenths: 50), to: folder + "/IMG_2009.JPG")
        }
        defer { FolderProcessTests.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.photos == 2 && summary.bursts == 1 && summary.failures.isEmpty)
        let catalog = try Catalog(folder: folder, access: .read)
        let lead = try #require(try catalog.photo(relativePath: "IMG_2001.JPG"))
        for name in ["IMG_2000.JPG", "IMG_2002.JPG", "IMG_2003.JPG"] {
            #expect(try catalog.photo(relativePath: name)?.burstLeadID == lead.id)
        }
        #expect(try catalog.photo(relativePath: "IMG_2009.JPG")?.burstLeadID == nil)
        let stats = try catalog.stats()
        #expect(stats.photos == 2 && stats.bursts == 1)

        let gallery = folder + "/.filmroll/gallery"
        let day = try String(contentsOfFile: gallery + "/days/2024-05-04.html", encoding: .utf8)
        #expect(day.contains(">BURST 4</span>") && day.contains("(burst of 4 photos)"))
        #expect(!day.contains("IMG_2000.JPG"))
        let page = try String(contentsOfFile: gallery + "/photos/IMG_2001.html", encoding: .utf8)
        #expect(page.contains("4 frames; this one has the most detail."))
        #expect(page.contains(#"<li><a href="../../../IMG_2000.JPG"><bdi>IMG_2000.JPG</bdi></a></li>"#))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)
    }

    @Test func applesBurstIdentifierGroupsTwoFramesAndCopiesAreNoBurst() throws {
        let folder = try FolderProcessTests.folderOf { folder in
            try AtomicFile.write(try Self.frame(detail: 4, tenths: 0, burst: "B-1"), to: folder + "/a.jpg")
            try AtomicFile.write(try Self.frame(detail: 30, tenths: 90, burst: "B-1"), to: folder + "/b.jpg")
            // Three copies of one photo: the same time to the tenth, no burst.
            for name in ["c.jpg", "d.jpg", "e.jpg"] { try AtomicFile.write(try Self.frame(detail: 9, tenths: 40), to: folder + "/" + name) }
        }
        defer { FolderProcessTests.remove(folder) }
        let catalog = try Catalog(folder: folder)
        let summary = try FolderIndexer(catalog: catalog, jobs: 2).run()
        #expect(summary.bursts == 1)
        let lead = try #require(try catalog.photo(relativePath: "b.jpg"))
        #expect(try catalog.photo(relativePath: "a.jpg")?.burstLeadID == lead.id)
        #expect(try catalog.photos(matching: PhotoQuery()).map(\.path).sorted() == ["b.jpg", "c.jpg", "d.jpg", "e.jpg"])
    }
}
