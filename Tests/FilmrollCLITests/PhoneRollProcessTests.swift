import Catalog
import Files
import Foundation
import Imaging
import Testing
import TestSupport

/// `filmroll process` on a roll laid out as an iPhone keeps it
/// (`DCIM/100APPLE`): every video and Live Photo there gets its clip, one
/// that plays; each failure is told once; the summary's figures are the
/// files made; a re-run makes nothing and exits 0.
@Suite(.serialized) struct PhoneRollProcessTests {
    static let videos = Fixtures.root + "/Tests/Videos/camera-roll/"

    /// DCIM/100APPLE with a plain HEVC video (IMG_0200.MOV), a Live Photo
    /// whose MOV is HEVC (IMG_0201.JPG and .MOV, taken the same second) and
    /// a still; beside it, four photos of 2025-04-10 and a PNG of that day
    /// (by its file's time) whose pixels cannot be decoded: the day's
    /// animation is made in a first pass, and again without it in a second.
    static func roll(in folder: String) throws {
        let apple = folder + "/DCIM/100APPLE"
        try Folders.create(apple)
        try AtomicFile.write(try FileBytes.read(videos + "iphone-hlg.mov"), to: apple + "/IMG_0200.MOV")
        try AtomicFile.write(try FileBytes.read(videos + "iphone-hevc.mov"), to: apple + "/IMG_0201.MOV")
        try AtomicFile.write(try ShardTests.still(taken: "2024:05:03 14:22:10", detail: 5), to: apple + "/IMG_0201.JPG")
        try AtomicFile.write(try ShardTests.still(taken: "2024:05:03 15:00:00", detail: 9), to: apple + "/IMG_0202.JPG")
        for index in 1...4 {
            try AtomicFile.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), to: folder + "/IMG_000\(index).jpg")
        }
        var png = try Fixtures.bytes("png/rgba.png")
        let data = try #require(png.indices.first { Array(png[$0..<min($0 + 4, png.count)]) == Array("IDAT".utf8) })
        png[data + 10] ^= 0xFF
        try AtomicFile.write(png, to: folder + "/IMG_0009.png")
        #expect(shell("touch -d '2025-04-10 12:00:00' '\(folder)/IMG_0009.png'").status == 0)
    }

    /// The files below `folder` whose names end with `suffix`, relative to it.
    static func files(in folder: String, endingWith suffix: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(suffix) { found.append(path) }
        }
        return found.sorted()
    }

    /// The figure before `noun` in the summary line ("3 clips" → 3), 0 when it is not said.
    static func figure(_ noun: String, in line: String) -> Int {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" }).map(String.init)
        for (index, word) in words.enumerated().dropFirst()
        where word == noun || word == noun + "s" || (noun == "four-cut" && word == "four-cuts") {
            if let count = Int(words[index - 1]) { return count }
        }
        return 0
    }

    /// The error lines of a run ("filmroll: PATH: why"), without warnings and notes.
    static func errorLines(_ run: BinaryRun) -> [String] {
        run.errorLines.filter { $0.hasPrefix("filmroll: ") && !$0.contains(": warning: ") && !$0.hasPrefix("filmroll: note:") }
    }

    @Test func clipsInASubfolderAreMadeAndPlayAndTheSummaryCountsFiles() throws {
        let scratch = TemporaryFolder()
        let folder = scratch.file("roll")
        try Self.roll(in: folder)
        let run = try BinaryRun.run(["process", folder], timeout: 600)
        let errors = Self.errorLines(run)
        #expect(!run.stderr.contains("cannot create"), "\(run.stderr)")
        // The PNG that cannot be decoded is the one problem, told once.
        #expect(errors.count == 1 && errors.first?.contains("IMG_0009.png") == true, "\(run.stderr)")
        #expect(run.status == 1, "a photo could not be read: \(run.stderr)")

        let gallery = folder + "/.filmroll/gallery"
        let clips = Self.files(in: gallery + "/clips", endingWith: ".mp4")
        #expect(clips == ["DCIM/100APPLE/IMG_0200.mp4", "DCIM/100APPLE/IMG_0201.mp4"])
        for clip in clips {
            // Played by browsers: H.264 in an MP4 that FFmpeg reads to a frame.
            let info = try ImageDecoder.readInfo(contentsOf: gallery + "/clips/" + clip)
            #expect(info.metadata.video?.codec == "h264", "\(clip)")
            #expect((info.metadata.video?.durationSeconds ?? 0) > 0.5, "\(clip)")
            #expect(try FileBytes.read(gallery + "/clips/" + clip)[4..<8] == Array("ftyp".utf8)[...])
            let poster = try ImageDecoder.decode(contentsOf: gallery + "/clips/" + clip)
            #expect(poster.image.width > 0 && poster.image.height > 0)
        }
        for page in ["IMG_0200", "IMG_0201"] {
            let html = try String(contentsOfFile: gallery + "/photos/DCIM/100APPLE/\(page).html", encoding: .utf8)
            #expect(html.contains("clips/DCIM/100APPLE/\(page).mp4\""), "\(page)")
            #expect(!html.contains("cannot be played here"), "\(page)")
        }

        // The summary's figures are the files there are.
        let summary = try #require(run.stdout.split(separator: "\n").map(String.init).first { $0.contains(" made; ") })
        let days = gallery + "/days"
        #expect(Self.figure("clip", in: summary) == clips.count, "\(summary)")
        #expect(Self.figure("animation", in: summary) == Self.files(in: days, endingWith: ".gif").count
                + Self.files(in: days, endingWith: ".webp").count, "\(summary)")
        #expect(Self.figure("four-cut", in: summary) == Self.files(in: days, endingWith: ".jpg").count, "\(summary)")
        #expect(Self.figure("thumbnail", in: summary) == Self.files(in: gallery + "/thumbs", endingWith: ".jpg").count,
                "\(summary)")
        #expect(summary.hasSuffix(" 1 failed"), "\(summary)")

        // Again: nothing to make, nothing told, exit 0.
        let again = try BinaryRun.run(["process", folder], timeout: 600)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.errorLines(again).isEmpty, "\(again.stderr)")
        #expect(again.stdout.contains(": nothing changed since the last run") || again.stdout.contains(" 0 failed"),
                "\(again.stdout)")
        #expect(Self.figure("clip", in: again.stdout) == 0 && Self.figure("thumbnail", in: again.stdout) == 0)
    }

    /// A clip that cannot be written (a file stands where its folder goes)
    /// is told once however many passes the run makes, and counted once.
    @Test func aFailedClipIsToldAndCountedOnce() throws {
        let scratch = TemporaryFolder()
        let folder = scratch.file("roll")
        try Self.roll(in: folder)
        try Folders.create(folder + "/.filmroll/gallery/clips")
        try AtomicFile.write(Array("in the way".utf8), to: folder + "/.filmroll/gallery/clips/DCIM")
        let run = try BinaryRun.run(["process", folder], timeout: 600)
        #expect(run.status == 1)
        let errors = Self.errorLines(run)
        #expect(errors.filter { $0.contains("IMG_0200.mp4") }.count == 1, "\(run.stderr)")
        #expect(errors.filter { $0.contains("IMG_0201.mp4") }.count == 1, "\(run.stderr)")
        #expect(errors.filter { $0.contains("IMG_0009.png") }.count == 1, "\(run.stderr)")
        #expect(errors.count == 3, "\(run.stderr)")
        let summary = try #require(run.stdout.split(separator: "\n").map(String.init).first { $0.contains(" made; ") })
        #expect(summary.hasSuffix(" 3 failed"), "\(summary)")
        #expect(Self.figure("clip", in: summary) == 0, "\(summary)")
        #expect(try FileBytes.read(folder + "/.filmroll/gallery/clips/DCIM") == Array("in the way".utf8))
    }
}
