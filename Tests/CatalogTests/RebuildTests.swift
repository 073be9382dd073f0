#if canImport(Glibc)
import Glibc
#endif
@testable import Catalog
import Imaging
import Testing
import TestSupport

/// `Catalog.rebuild`: the old file kept aside, the folder indexed afresh,
/// and the outputs and their links carried over as far as they can be read.
@Suite struct RebuildTests {
    /// The dated photos indexed, with a thumbnail inside the folder, a
    /// four-cut strip outside it (both marked as Filmroll's), and a GIF
    /// whose file is gone.
    static func catalogWithOutputs() throws -> (fixture: PhotoFolderFixture, outside: PhotoFolderFixture) {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        let outside = try PhotoFolderFixture(["gone.gif": "dated/IMG_0003.jpg"])
        try AtomicFile.write(try Fixtures.markedBytes("dated/IMG_0002.jpg", as: .fourcut), to: outside.path("strip.jpg"))
        try fixture.index()
        let catalog = try fixture.catalog()
        let ids = try (1...4).map { try #require(try catalog.photo(relativePath: "2025/IMG_000\($0).jpg")).id }
        try Folders.create(fixture.path("thumbs"))
        // Both output folders are the catalog's: a row elsewhere is not carried over.
        #expect(catalog.markAsOurs(fixture.path("thumbs")).isOurs && catalog.markAsOurs(outside.folder).isOurs)
        try AtomicFile.write(try Fixtures.markedBytes("dated/IMG_0001.jpg", as: .thumbnail), to: fixture.path("thumbs/IMG_0001_256.jpg"))
        try catalog.recordOutput(kind: .thumbnail, path: fixture.path("thumbs/IMG_0001_256.jpg"), key: "k1",
                                 parameters: "{\"size\":256}", sources: [ids[0]])
        try catalog.recordOutput(kind: .fourcut, path: outside.path("strip.jpg"), parameters: "{}", sources: ids.reversed())
        try catalog.recordOutput(kind: .gif, path: outside.path("gone.gif"), parameters: "{}", sources: [ids[2]])
        #expect(unlink(outside.path("gone.gif")) == 0)
        return (fixture, outside)
    }

    @Test func carriesOutputsAndLinksOfAHealthyCatalog() throws {
        let (fixture, outside) = try Self.catalogWithOutputs()
        let old = try FileBytes.read(fixture.catalogPath)
        var progress: [Int] = []
        let summary = try Catalog.rebuild(folder: fixture.folder, jobs: 2, progress: { done, _ in progress.append(done) })

        let aside = try #require(summary.asidePath)
        #expect(aside.hasPrefix(fixture.catalogPath + ".damaged-") && aside.count == fixture.catalogPath.count + 24, "\(aside)")
        #expect(try FileBytes.read(aside) == old)
        #expect(summary.index.added == 6)        // the thumbnail is an output, not a photo
        #expect(progress.last == 6)
        #expect(summary.outputsCarried == 2 && summary.linksCarried == 5)
        #expect(summary.outputsGone == 1 && summary.outputsUnreadable == 0 && summary.oldCatalogProblem == nil)

        let catalog = try fixture.catalog()
        #expect(try catalog.stats().photos == 6)
        let strip = try #require(try catalog.database.rows("SELECT id FROM outputs WHERE path = ?", [outside.path("strip.jpg")]).first)
        let sources = try catalog.sources(ofOutput: Int64(strip[0].int ?? 0))
        let paths = try sources.map { id in try catalog.database.value("SELECT path FROM photos WHERE id = ?", [id]).string }
        #expect(paths == ["2025/IMG_0004.jpg", "2025/IMG_0003.jpg", "2025/IMG_0002.jpg", "2025/IMG_0001.jpg"])
        #expect(try catalog.outputPathsByKey(kind: .thumbnail) == ["k1": [fixture.path("thumbs/IMG_0001_256.jpg")]])
    }

    @Test func aDamagedPageLosesOnlyTheOutputsOnIt() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        let outside = try PhotoFolderFixture([:])
        try fixture.index()
        let count = 300
        do {
            let catalog = try fixture.catalog()
            #expect(catalog.markAsOurs(outside.folder).isOurs)
            let marked = Fixtures.marked([0xFF, 0xD8, 0xFF, 0xD9], as: .thumbnail)
            for index in 1...count { try AtomicFile.write(marked, to: outside.path(Self.name(index))) }
            // Rows of some 400 bytes: about nine to a page.
            try catalog.database.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                INSERT INTO outputs (id, kind, path, key, parameters, made_at)
                SELECT i, 'thumbnail', printf('\(outside.folder)/out-%05d.jpg', i), NULL,
                       printf('{"marker":"ROW-%05d","padding":"%s"}', i, substr(hex(zeroblob(200)), 1, 340)), 'now'
                FROM n
                """)
            try catalog.database.execute("INSERT INTO output_sources (output_id, photo_id, position) SELECT id, 1 + id % 6, 0 FROM outputs")
        }
        let page = try #require(try FileSurgery.pageOffset(of: "ROW-00150", in: fixture.catalogPath))
        let lost = try FileSurgery.markers("ROW-", digits: 5, inPageAt: page, of: fixture.catalogPath)
        #expect(lost.count > 3 && lost.count < 20, "\(lost)")
        FileSurgery.overwrite(fixture.catalogPath, at: page, with: Array(repeating: 0xFF, count: FileSurgery.pageSize))
        let damaged = try FileBytes.read(fixture.catalogPath)
        #expect {
            try fixture.catalog()
        } throws: { error in
            guard case .damaged = error as? CatalogError else { return false }
            return true
        }

        let summary = try Catalog.rebuild(folder: fixture.folder, jobs: 2)
        #expect(try FileBytes.read(try #require(summary.asidePath)) == damaged)
        #expect(summary.outputsUnreadable == lost.count)
        #expect(summary.outputsCarried == count - lost.count)
        #expect(summary.linksCarried == count - lost.count)
        #expect(summary.index.added == 6)

        let catalog = try fixture.catalog()
        let expected = (1...count).filter { !lost.contains("ROW-" + Self.digits($0)) }.map { outside.path(Self.name($0)) }
        #expect(try catalog.database.rows("SELECT path FROM outputs ORDER BY id").compactMap { $0[0].string } == expected)
        // Each link still points at the photo it pointed at, found again by its path.
        let links = try catalog.database.rows("""
            SELECT o.id, p.path FROM output_sources s JOIN outputs o ON o.id = s.output_id JOIN photos p ON p.id = s.photo_id
            """)
        #expect(links.count == expected.count)
        #expect(links.allSatisfy { $0[1].string == "2025/IMG_000\(1 + ($0[0].int ?? 0) % 6).jpg" })
        #expect(try catalog.database.value("PRAGMA integrity_check").string == "ok")
    }

    @Test func aDamagedTableRootLosesItsRowsButNothingElse() throws {
        let (fixture, _) = try Self.catalogWithOutputs()
        let root = try #require(try fixture.catalog().database.value("SELECT rootpage FROM sqlite_master WHERE name = 'outputs'").int)
        FileSurgery.overwrite(fixture.catalogPath, at: (root - 1) * FileSurgery.pageSize,
                              with: Array(repeating: 0xFF, count: FileSurgery.pageSize))
        // Every seek into the table fails, and its largest rowid cannot be read:
        // the salvage gives up after a bounded number of seeks.
        let summary = try Catalog.rebuild(folder: fixture.folder, jobs: 1)
        #expect(summary.outputsCarried == 0 && summary.outputsUnreadable == 3)
        #expect(summary.index.added == 6)       // the thumbnail's folder is marked as outputs: never walked
    }

    @Test func aFileThatIsNotADatabaseIsKeptAndThePhotosIndexed() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        try Folders.create(fixture.path(".filmroll"))
        let garbage = (0..<5000).map { _ in UInt8.random(in: 0...255) }
        try AtomicFile.write(garbage, to: fixture.catalogPath)
        let summary = try Catalog.rebuild(folder: fixture.folder, jobs: 1)
        #expect(try FileBytes.read(try #require(summary.asidePath)) == garbage)
        #expect(summary.oldCatalogProblem?.contains("not a database") == true, "\(summary)")
        #expect(summary.index.added == 6 && summary.outputsCarried == 0)
        #expect(try fixture.catalog().stats().photos == 6)
    }

    @Test func aDirectoryOrAnEmptyFileIsSetAsideAndAFIFOIsRefused() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        try Folders.create(fixture.path(".filmroll/catalog.sqlite"))
        try AtomicFile.write(Array("kept".utf8), to: fixture.path(".filmroll/catalog.sqlite/inside"))
        let fromDirectory = try Catalog.rebuild(folder: fixture.folder, jobs: 1)
        #expect(try FileBytes.read(try #require(fromDirectory.asidePath) + "/inside") == Array("kept".utf8))
        #expect(fromDirectory.oldCatalogProblem == "it is a directory, not a file")

        try AtomicFile.write([], to: fixture.path("empty.sqlite"))
        let fromEmpty = try Catalog.rebuild(folder: fixture.folder, path: fixture.path("empty.sqlite"), jobs: 1)
        #expect(try FileBytes.read(try #require(fromEmpty.asidePath)).isEmpty)
        #expect(fromEmpty.oldCatalogProblem == "it is empty: 0 bytes" && fromEmpty.index.added == 6)

        #expect(mkfifo(fixture.path("fifo.sqlite"), 0o644) == 0)
        #expect {
            try Catalog.rebuild(folder: fixture.folder, path: fixture.path("fifo.sqlite"), jobs: 1)
        } throws: { error in
            guard case .notAFile(let path, "a FIFO", _)? = error as? CatalogError else { return false }
            return path == fixture.path("fifo.sqlite")
        }
        #expect(!Folders.names(in: fixture.folder).contains { $0.hasPrefix("fifo.sqlite.") })
    }

    @Test func withoutACatalogItJustIndexes() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        let summary = try Catalog.rebuild(folder: fixture.folder, jobs: 2)
        #expect(summary.asidePath == nil)
        #expect(summary.index.added == 6)
        #expect(try Catalog(folder: fixture.folder, access: .read).stats().photos == 6)
    }

    @Test func asideFilesNeverOverwriteEachOther() throws {
        let (fixture, _) = try Self.catalogWithOutputs()
        let first = try #require(try Catalog.rebuild(folder: fixture.folder, jobs: 1).asidePath)
        let firstBytes = try FileBytes.read(first)
        let second = try #require(try Catalog.rebuild(folder: fixture.folder, jobs: 1).asidePath)
        #expect(first != second)
        #expect(try FileBytes.read(first) == firstBytes)
        #expect(try FileBytes.read(second).count > 0)
        // Two moves within one second: the second name gets a number.
        let now = time(nil)
        try AtomicFileHelper.write("one", to: fixture.path("x.sqlite"))
        try AtomicFileHelper.write("wal", to: fixture.path("x.sqlite-wal"))
        let one = try AsideFile.move(fixture.path("x.sqlite"), now: now)
        try AtomicFileHelper.write("two", to: fixture.path("x.sqlite"))
        let two = try AsideFile.move(fixture.path("x.sqlite"), now: now)
        let stamp = fixture.path("x.sqlite") + ".damaged-" + AsideFile.stamp(now)
        #expect(one == stamp && two == stamp + "-2")
        #expect(try FileBytes.read(stamp) == Array("one".utf8) && FileBytes.exists(stamp + "-wal"))
        #expect(try FileBytes.read(stamp + "-2") == Array("two".utf8))
        #expect(!FileBytes.exists(fixture.path("x.sqlite")) && !FileBytes.exists(fixture.path("x.sqlite-wal")))
    }

    static func digits(_ index: Int) -> String {
        let text = String(index)
        return String(repeating: "0", count: 5 - text.count) + text
    }

    static func name(_ index: Int) -> String { "out-\(digits(index)).jpg" }
}
