#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import Foundation
import Testing
import TestSupport

/// A Swift program processing a folder through the library alone: the
/// catalog, thumbnails, a four-cut sheet, animations, a gallery; each photo
/// decoded once; a re-run doing only what changed.
@Suite struct FolderProcessTests {
    /// IMG_0001-0006 of the dated fixtures, and IMG_0007 (another picture with IMG_0002's metadata):
    /// 2025-04-10 has 4 photos (a sheet and an animation), 04-11 one, 04-12 two (an animation).
    static func folder() throws -> String {
        var template = Array("/tmp/filmroll-process-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        for index in 1...6 {
            try AtomicFile.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), to: folder + "/IMG_000\(index).jpg")
        }
        try AtomicFile.write(try Fixtures.repainted("dated/IMG_0002.jpg", seed: 7), to: folder + "/IMG_0007.jpg")
        return folder
    }

    /// An empty temporary folder that `fill` puts photos in.
    static func folderOf(_ fill: (String) throws -> Void) throws -> String {
        var template = Array("/tmp/filmroll-process-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        try fill(folder)
        return folder
    }

    static func remove(_ folder: String) { _ = folder.withCString { system("rm -rf '\(String(cString: $0))'") } }

    @Test func everythingIsMadeWithOneDecodePerPhoto() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.index.added == 7)
        #expect(summary.photos == 7)
        #expect(summary.decoded == 7)
        #expect(summary.thumbnailsMade == 14)
        #expect(summary.fourCutsMade == 1)
        #expect(summary.animationsMade == 2)
        #expect(summary.failed == 0)
        let out = folder + "/.filmroll/gallery"
        #expect(summary.galleryPath == out + "/index.html")
        #expect(FileBytes.exists(out + "/index.html"))

        let thumbnail = try ImageDecoder.decode(contentsOf: out + "/thumbs/IMG_0004_256.jpg")
        #expect(thumbnail.image.size == PixelSize(width: 160, height: 120))   // upright (stored 120×160, orientation 6)
        #expect(OutputMark.read(contentsOf: out + "/thumbs/IMG_0004_256.jpg") == .thumbnail)
        let sheet = try ImageDecoder.readInfo(contentsOf: out + "/days/2025-04-10.jpg")
        #expect(sheet.storedSize == PixelSize(width: 600, height: 1800))
        let animation = try ImageDecoder.decode(contentsOf: out + "/days/2025-04-10.gif", options: DecodeOptions(frames: .all))
        #expect(animation.frames.count >= 3)   // identical neighbours (IMG_0002 and its copy) may merge
        #expect(animation.image.size == PixelSize(width: 480, height: 360))
        #expect(!FileBytes.exists(out + "/days/2025-04-11.gif"))
        #expect(FileBytes.exists(out + "/days/2025-04-12.gif"))

        // Recorded in the catalog with their photos.
        let catalog = try Catalog(folder: folder, access: .read)
        let photo = try #require(try catalog.photos(matching: PhotoQuery()).first { $0.path == "IMG_0002.jpg" })
        let outputs = try catalog.outputs(ofPhoto: photo.id)
        #expect(outputs.map(\.kind.rawValue).sorted() == ["fourcut", "gif", "thumbnail", "thumbnail"])
    }

    /// A day of portrait photos gets a portrait animation with the same long
    /// side as a landscape day's (480), not 480 wide.
    @Test func aPortraitDaysAnimationHasTheSameLongSide() throws {
        let folder = try Self.folderOf { folder in
            for index in 0..<2 {
                let image = Image(width: 32, height: 48, format: .rgb8, pixels: [UInt8](repeating: UInt8(60 + index * 120), count: 32 * 48 * 3))
                try AtomicFile.write(try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(quality: 80))), to: folder + "/tall \(index).jpg")
                FileTimes.setKept(folder + "/tall \(index).jpg")
            }
        }
        defer { Self.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.animationsMade == 1)
        let days = try FileManager.default.contentsOfDirectory(atPath: folder + "/.filmroll/gallery/days").filter { $0.hasSuffix(".gif") }
        let animation = try ImageDecoder.readInfo(contentsOf: folder + "/.filmroll/gallery/days/" + (try #require(days.first)))
        #expect(animation.storedSize == PixelSize(width: 320, height: 480))
    }

    /// Animations in every format from the same decodes: MP4 first (the
    /// gallery shows it), WebP and GIF beside it, each frame 800 ms, each
    /// recorded; asking for GIF alone again removes the others.
    @Test func animationsInSeveralFormats() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        var options = ProcessOptions()
        options.animationFormats = [.mp4, .webp, .gif]
        let summary = try FolderProcess(folder: folder, options: options).run()
        #expect(summary.decoded == 7)
        #expect(summary.animationsMade == 6)
        #expect(summary.failed == 0)
        let days = folder + "/.filmroll/gallery/days/"
        let video = try VideoReader(path: days + "2025-04-12.mp4")
        #expect(video.info.frameCount == 2)
        #expect(video.info.size == PixelSize(width: 480, height: 360))
        #expect(OutputMark.read(contentsOf: days + "2025-04-12.mp4") == .video)
        let webp = try ImageDecoder.decode(contentsOf: days + "2025-04-10.webp", options: DecodeOptions(frames: .all))
        // Four pictures, four frames (identical frames merging is `AnimationMaker`'s tests').
        #expect(webp.frames.map(\.delayCentiseconds) == [80, 80, 80, 80])
        let page = String(decoding: try FileBytes.read(days + "2025-04-10.html"), as: UTF8.self)
        #expect(page.contains(#"<video src="../days/2025-04-10.mp4""#))
        let catalog = try Catalog(folder: folder)
        for kind in ["video", "webp", "gif"] {
            #expect(try catalog.database.rows("SELECT id FROM outputs WHERE kind = '\(kind)'").count == 2)
        }

        let again = try FolderProcess(folder: folder).run()
        #expect(again.removed == 4)
        #expect(!FileBytes.exists(days + "2025-04-12.mp4") && !FileBytes.exists(days + "2025-04-10.webp"))
        #expect(FileBytes.exists(days + "2025-04-10.gif"))
        #expect(try catalog.database.rows("SELECT id FROM outputs WHERE kind IN ('video', 'webp')").isEmpty)
    }

    @Test func aReRunDoesOnlyWhatChanged() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        _ = try FolderProcess(folder: folder).run()

        // Nothing changed: no image work.
        let again = try FolderProcess(folder: folder).run()
        #expect(again.decoded == 0)
        #expect(again.thumbnailsMade + again.fourCutsMade + again.animationsMade + again.removed == 0)

        // One photo of 2025-04-12 changed: its thumbnails and its day's animation, decoding that day's two photos.
        try AtomicFile.write(try Fixtures.bytes("dated/IMG_0005.jpg") + [0], to: folder + "/IMG_0005.jpg")
        let changed = try FolderProcess(folder: folder).run()
        #expect(changed.index.changed == 1)
        #expect(changed.thumbnailsMade == 2)
        #expect(changed.animationsMade == 1)
        #expect(changed.fourCutsMade == 0)
        #expect(changed.decoded == 2)

        // A photo deleted: its thumbnails go, and 2025-04-12 is left with one photo, so its animation goes too.
        #expect(unlink(folder + "/IMG_0006.jpg") == 0)
        let deleted = try FolderProcess(folder: folder).run()
        #expect(deleted.removed == 3)
        let catalog = try Catalog(folder: folder, access: .read)
        let gifs = try catalog.photos(matching: PhotoQuery()).flatMap { try catalog.outputs(ofPhoto: $0.id) }.filter { $0.kind == .gif }
        #expect(Set(gifs.map(\.path)).count == 1)   // 2025-04-12's is forgotten with its file
        #expect(!FileBytes.exists(folder + "/.filmroll/gallery/thumbs/IMG_0006_256.jpg"))
        #expect(!FileBytes.exists(folder + "/.filmroll/gallery/days/2025-04-12.gif"))
        #expect(FileBytes.exists(folder + "/.filmroll/gallery/days/2025-04-10.gif"))
    }

    @Test func aFileFilmrollDidNotMakeIsNeverReplaced() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        let out = folder + "/.filmroll/gallery"
        try Folders.create(out + "/thumbs")
        let mine = Array("somebody's notes".utf8)
        try AtomicFile.write(mine, to: out + "/thumbs/IMG_0001_256.jpg")
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.failed == 1)
        #expect(try FileBytes.read(out + "/thumbs/IMG_0001_256.jpg") == mine)
        // Its 1024 px thumbnail is made: a refused output fails alone.
        #expect(summary.thumbnailsMade == 13)
    }

    @Test func xdgThumbnailsComeFromTheSameDecode() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        var options = ProcessOptions()
        options.xdgRoot = folder + "/xdg"
        let summary = try FolderProcess(folder: folder, options: options).run()
        #expect(summary.decoded == 7)
        let path = AbsolutePath.of(folder + "/IMG_0001.jpg")
        let name = XDGThumbnail.fileName(forURI: XDGThumbnail.fileURI(forAbsolutePath: path))
        for size in XDGThumbnailSize.allCases {
            #expect(FileBytes.exists(folder + "/xdg/\(size.rawValue)/\(name)"), "\(size)")
        }
    }

    @Test func cancellingStopsBetweenDays() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        let token = CancellationToken()
        token.cancel()
        let summary = try FolderProcess(folder: folder).run(cancellation: token)
        #expect(summary.cancelled)
        #expect(summary.thumbnailsMade == 0)
    }
}
