import Catalog
import Files
import Foundation
import Imaging
import Testing
import TestSupport

/// A video's web clip follows its video as thumbnails follow their photo:
/// when the video is removed (a re-run over its day, or over the whole
/// library) its clip under gallery/clips goes and the catalog forgets it;
/// a file in clips/ that Filmroll did not make, or made but does not
/// record there, stays.
@Suite(.serialized) struct StaleClipTests {
    static let videos = Fixtures.root + "/Tests/Videos/"

    /// A dated HEVC video in DCIM/100APPLE and an undated H.264 4:4:4 one,
    /// both needing a clip, and a dated still.
    static func roll(in folder: String) throws {
        try Folders.create(folder + "/DCIM/100APPLE")
        try AtomicFile.write(try FileBytes.read(videos + "camera-roll/iphone-hevc.mov"), to: folder + "/DCIM/100APPLE/IMG_0201.MOV")
        try AtomicFile.write(try FileBytes.read(videos + "yuv444.mp4"), to: folder + "/zoom.mp4")
        try AtomicFile.write(try Fixtures.bytes("dated/IMG_0001.jpg"), to: folder + "/IMG_0001.jpg")
    }

    /// The clips the catalog records, relative to the gallery.
    static func recordedClips(_ folder: String) throws -> [String] {
        let catalog = try Catalog(folder: folder, access: .read)
        return try catalog.database.rows("SELECT path FROM outputs WHERE kind = 'video' ORDER BY path").compactMap {
            $0[0].string.map { $0.replacingOccurrences(of: ".filmroll/gallery/", with: "") }
        }
    }

    @Test func aRemovedVideosClipGoesAndTheCatalogForgetsIt() throws {
        let scratch = TemporaryFolder()
        let folder = scratch.file("roll")
        try Self.roll(in: folder)
        let first = try BinaryRun.run(["process", folder, "--quiet"], timeout: 300)
        #expect(first.status == 0, "\(first.stderr)")
        let clips = folder + "/.filmroll/gallery/clips"
        #expect(try Self.recordedClips(folder) == ["clips/DCIM/100APPLE/IMG_0201.mp4", "clips/zoom.mp4"])
        #expect(FileBytes.exists(clips + "/DCIM/100APPLE/IMG_0201.mp4") && FileBytes.exists(clips + "/zoom.mp4"))

        // Removed: a re-run over its day.
        #expect(unlink(folder + "/DCIM/100APPLE/IMG_0201.MOV") == 0)
        let scoped = try BinaryRun.run(["process", folder, "--json"], timeout: 300)
        #expect(scoped.status == 0, "\(scoped.stderr)")
        #expect(!FileBytes.exists(clips + "/DCIM/100APPLE/IMG_0201.mp4"))
        #expect(try Self.recordedClips(folder) == ["clips/zoom.mp4"])
        #expect(FileBytes.exists(clips + "/zoom.mp4"))
        #expect(try GalleryLinks.broken(in: folder + "/.filmroll/gallery").isEmpty)

        // Files in clips/ that are not Filmroll's: one unmarked, one a copy of
        // its clip under another name, which it made but does not record there.
        // (Changing clips/ has the next run plan the whole library.)
        try Folders.create(clips + "/mine")
        try AtomicFile.write(try FileBytes.read(Self.videos + "full-range.mp4"), to: clips + "/mine/holiday.mp4")
        try AtomicFile.write(try FileBytes.read(clips + "/zoom.mp4"), to: clips + "/kept.mp4")
        #expect(unlink(folder + "/zoom.mp4") == 0)
        let whole = try BinaryRun.run(["process", folder, "--json"], timeout: 300)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(!FileBytes.exists(clips + "/zoom.mp4"))
        #expect(try Self.recordedClips(folder).isEmpty)
        #expect(FileBytes.exists(clips + "/mine/holiday.mp4") && FileBytes.exists(clips + "/kept.mp4"))
        #expect(try FileBytes.read(clips + "/mine/holiday.mp4") == FileBytes.read(Self.videos + "full-range.mp4"))

        // Nothing left to sweep: a third run changes nothing.
        let third = try BinaryRun.run(["process", folder], timeout: 300)
        #expect(third.status == 0 && third.stdout.contains("nothing changed since the last run"), "\(third.stdout)")
    }

    /// A video rewritten so that browsers play it as it is needs no clip: the old one goes.
    @Test func aVideoThatNoLongerNeedsAClipLosesIt() throws {
        let scratch = TemporaryFolder()
        let folder = scratch.file("roll")
        try Self.roll(in: folder)
        #expect(try BinaryRun.run(["process", folder, "--quiet"], timeout: 300).status == 0)
        try AtomicFile.write(try FileBytes.read(Self.videos + "full-range.mp4"), to: folder + "/zoom.mp4")
        let run = try BinaryRun.run(["process", folder, "--quiet"], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileBytes.exists(folder + "/.filmroll/gallery/clips/zoom.mp4"))
        #expect(try Self.recordedClips(folder) == ["clips/DCIM/100APPLE/IMG_0201.mp4"])
    }
}
