#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Filmroll
import Foundation
import Imaging
import Testing
import TestSupport

/// A photo that cannot be read never breaks a page: its day's sheet and
/// animation are made from the others, pages link only files that exist,
/// the problems page names it with why, and a re-run neither tries it again
/// nor fails for it.
@Suite struct BadPhotoGalleryTests {
    /// The dated fixtures (2025-04-10 has 4 photos), a fifth photo of that
    /// day cut short, a text file named like a photo, and two files that are not photos.
    static func folder() throws -> String {
        let folder = try FolderProcessTests.folder()
        let whole = try Fixtures.bytes("dated/IMG_0001.jpg")
        try AtomicFile.write(Array(whole.prefix(700)), to: folder + "/IMG_0008.jpg")
        try AtomicFile.write(Array("not a photo".utf8), to: folder + "/fake.jpg")
        try AtomicFile.write(Array("notes".utf8), to: folder + "/notes.txt")
        try AtomicFile.write(Array("<plist/>".utf8), to: folder + "/IMG_0008.AAE")
        return folder
    }

    @Test func aTruncatedPhotoLeavesItsDayWhole() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        let failures = Locked<[String]>([])
        let summary = try FolderProcess(folder: folder).run { event in
            if case let .failed(path, _, _) = event { failures.withLock { $0.append(path) } }
        }
        // Both bad files are named, each once; the outputs they left short are not.
        #expect(failures.withLock { $0 }.sorted() == [folder + "/IMG_0008.jpg", folder + "/fake.jpg"])
        #expect(summary.failures.map(\.path).sorted() == [folder + "/IMG_0008.jpg", folder + "/fake.jpg"])
        #expect(summary.index.skipped.map(\.relativePath) == ["IMG_0008.AAE", "notes.txt"])
        #expect(summary.fourCutsMade == 1)
        #expect(summary.animationsMade == 2)
        #expect(summary.photos == 7)

        let gallery = folder + "/.filmroll/gallery"
        let day = try String(contentsOfFile: gallery + "/days/2025-04-10.html", encoding: .utf8)
        #expect(day.contains("2025-04-10.jpg"))
        #expect(!day.contains("IMG_0008"))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)
        let sheet = try ImageDecoder.readInfo(contentsOf: gallery + "/days/2025-04-10.jpg")
        #expect(sheet.storedSize == PixelSize(width: 600, height: 1800))

        let problems = try String(contentsOfFile: gallery + "/problems.html", encoding: .utf8)
        for name in ["IMG_0008.jpg", "fake.jpg", "notes.txt"] { #expect(problems.contains(name)) }
        #expect(problems.contains("truncated"))
        // The iPhone's edit file beside its photo is no problem: counted, not named.
        #expect(!problems.contains("IMG_0008.AAE"))
        #expect(problems.contains("1 edit or sidecar file beside its photo, left as it is"))
        let index = try String(contentsOfFile: gallery + "/index.html", encoding: .utf8)
        #expect(index.contains("href=\"problems.html\""))

        // The catalog remembers why, so a re-run passes over it: no decode, no failure.
        let catalog = try Catalog(folder: folder, access: .read)
        #expect(try catalog.unreadablePhotos().map(\.path) == ["IMG_0008.jpg", "fake.jpg"])
        let again = try FolderProcess(folder: folder).run()
        #expect(again.failed == 0 && again.index.failed == 0)
        #expect(again.decoded == 0)
        #expect(again.failures.isEmpty)
        #expect(FileBytes.exists(gallery + "/problems.html"))

        // Mended, it is read again and joins its day; the problems left are the files that are not photos.
        try AtomicFile.write(try Fixtures.repainted("dated/IMG_0001.jpg", seed: 8), to: folder + "/IMG_0008.jpg")
        try AtomicFile.write(try Fixtures.repainted("dated/IMG_0005.jpg", seed: 9), to: folder + "/fake.jpg")
        let mended = try FolderProcess(folder: folder).run()
        #expect(mended.failed == 0)
        #expect(mended.photos == 9)
        #expect(try Catalog(folder: folder, access: .read).unreadablePhotos().isEmpty)
        let mendedDay = try String(contentsOfFile: gallery + "/days/2025-04-10.html", encoding: .utf8)
        #expect(mendedDay.contains("IMG_0008_256.jpg"))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)
    }

    /// With nothing wrong there is no problems page, and one left by an earlier run goes.
    @Test func noProblemsNoPage() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        for name in ["IMG_0008.jpg", "fake.jpg", "notes.txt", "IMG_0008.AAE"] { #expect(unlink(folder + "/" + name) == 0) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.failed == 0)
        let gallery = folder + "/.filmroll/gallery"
        #expect(!FileBytes.exists(gallery + "/problems.html"))
        let index = try String(contentsOfFile: gallery + "/index.html", encoding: .utf8)
        #expect(!index.contains("problems.html"))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)
    }
}
