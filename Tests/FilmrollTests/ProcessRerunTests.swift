#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Filmroll
import Files
import Foundation
import Testing
import TestSupport

/// A re-run that finds nothing changed stops after the folder walk
/// (`ProcessRunStamp`); anything that would change an output or a page (a
/// photo, an output file, the options, another command's writes to the
/// catalog, a file that is no photo) makes it do the work again.
@Suite struct ProcessRerunTests {
    static func processed() throws -> (folder: String, first: ProcessSummary) {
        let folder = try FolderProcessTests.folder()
        let first = try FolderProcess(folder: folder).run()
        #expect(!first.upToDate && first.failures.isEmpty)
        return (folder, first)
    }

    @Test func nothingChangedIsNothingDoneAndSaysSo() throws {
        let (folder, first) = try Self.processed()
        defer { FolderProcessTests.remove(folder) }
        let gallery = folder + "/.filmroll/gallery"
        var before = stat()
        #expect(stat(gallery + "/index.html", &before) == 0)
        let again = try FolderProcess(folder: folder).run()
        #expect(again.upToDate && again.decoded == 0 && again.pagesWritten == 0)
        #expect(again.photos == first.photos && again.videos == first.videos && again.galleryPath == gallery + "/index.html")
        var after = stat()
        #expect(stat(gallery + "/index.html", &after) == 0 && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    }

    @Test func aDeletedThumbnailIsMadeAgain() throws {
        let (folder, _) = try Self.processed()
        defer { FolderProcessTests.remove(folder) }
        #expect(unlink(folder + "/.filmroll/gallery/thumbs/IMG_0003_256.jpg") == 0)
        let again = try FolderProcess(folder: folder).run()
        #expect(!again.upToDate && again.thumbnailsMade == 1 && again.decoded == 1)
        #expect(FileBytes.exists(folder + "/.filmroll/gallery/thumbs/IMG_0003_256.jpg"))
        #expect(try FolderProcess(folder: folder).run().upToDate)
    }

    @Test func otherOptionsAreAnotherRun() throws {
        let (folder, _) = try Self.processed()
        defer { FolderProcessTests.remove(folder) }
        var options = ProcessOptions()
        options.gallery.title = "Another title"
        let retitled = try FolderProcess(folder: folder, options: options).run()
        #expect(!retitled.upToDate && retitled.pagesWritten > 0 && retitled.decoded == 0)
        #expect(try FolderProcess(folder: folder, options: options).run().upToDate)
        #expect(!(try FolderProcess(folder: folder).run().upToDate))
    }

    @Test func anotherCommandsWriteToTheCatalogIsSeen() throws {
        let (folder, first) = try Self.processed()
        defer { FolderProcessTests.remove(folder) }
        // `filmroll index` finds the new photo first: process's own index then finds nothing new.
        try AtomicFile.write(try Fixtures.bytes("dated/IMG_0005.jpg"), to: folder + "/IMG_0008.jpg")
        let indexed = try FolderIndexer(catalog: try Catalog(folder: folder, access: .write), jobs: 1).run()
        #expect(indexed.added == 1)
        let again = try FolderProcess(folder: folder).run()
        // A copy of IMG_0005 (the same picture, the same time): no item of its own, listed on IMG_0005's page.
        #expect(!again.upToDate && again.index.added == 0 && again.photos == first.photos)
        #expect(!FileBytes.exists(folder + "/.filmroll/gallery/thumbs/IMG_0008_256.jpg"))
        let page = try String(contentsOfFile: folder + "/.filmroll/gallery/photos/IMG_0005.html", encoding: .utf8)
        #expect(page.contains("<bdi>IMG_0008.jpg</bdi>"))
    }

    @Test func aNewFileThatIsNoPhotoIsListedOnTheProblemsPage() throws {
        let (folder, _) = try Self.processed()
        defer { FolderProcessTests.remove(folder) }
        try AtomicFile.write(Array("notes".utf8), to: folder + "/notes.txt")
        let again = try FolderProcess(folder: folder).run()
        #expect(!again.upToDate && again.index.skipped.map(\.relativePath) == ["notes.txt"])
        let problems = try String(contentsOfFile: folder + "/.filmroll/gallery/problems.html", encoding: .utf8)
        #expect(problems.contains("notes.txt"))
    }
}
