#if canImport(Glibc)
import Glibc
#endif
@testable import Catalog
import Files
import Foundation
import Testing

/// The marker of a folder a catalog owns, the catalog's id, and output
/// paths kept relative to the folder.
@Suite struct OutputRootMarkerTests {
    @Test func aMarkerIsReadOnlyWhenItIsOne() {
        #expect(OutputRootMarker.parse("Filmroll output folder\ncatalog: 0123456789abcdef0123456789abcdef\n")
                == .catalog("0123456789abcdef0123456789abcdef"))
        #expect(OutputRootMarker.parse("Filmroll output folder\ncatalog: ../../etc\n") == .unreadable)
        #expect(OutputRootMarker.parse("catalog: 0123456789abcdef0123456789abcdef\n") == .unreadable)
        #expect(OutputRootMarker.parse("") == .unreadable)
    }

    /// Shards starting at once on a new folder each write the marker: one
    /// writes it, every one reads its id, none finds it empty, and no
    /// temporary is left.
    @Test func writersAtOnceAllReadTheFirstOnesId() throws {
        for _ in 0..<20 {
            let fixture = try PhotoFolderFixture([:])
            let ids = (0..<8).map { _ in CatalogIdentity.make() }, folder = fixture.folder
            let readings = Locked<[OutputRootMarker.Reading]>([])
            let readers = Locked<[OutputRootMarker.Reading]>([])
            DispatchQueue.concurrentPerform(iterations: 16) { index in
                if index % 2 == 0 {
                    let reading = OutputRootMarker.write(id: ids[index / 2], in: folder)
                    readings.withLock { $0.append(reading) }
                } else {
                    let reading = OutputRootMarker.read(in: folder)
                    readers.withLock { $0.append(reading) }
                }
            }
            let written = readings.withLock { $0 }
            #expect(written.count == 8 && written.allSatisfy { $0 == written[0] }, "\(written)")
            guard case .catalog(let id) = written.first else { Issue.record("no id: \(written)"); continue }
            #expect(ids.contains(id))
            #expect(readers.withLock { $0 }.allSatisfy { $0 == .none || $0 == .catalog(id) }, "\(readers.withLock { $0 })")
            #expect(Folders.names(in: fixture.folder) == [OutputRootMarker.fileName])
        }
    }

    @Test func aNewCatalogMarksItsFilmrollFolderAndItsRebuildKeepsTheId() throws {
        let fixture = try PhotoFolderFixture(["a.jpg": "dated/IMG_0001.jpg"])
        let id = try #require(try fixture.catalog().identity)
        #expect(CatalogIdentity.isWellFormed(id))
        #expect(OutputRootMarker.read(in: fixture.path(".filmroll")) == .catalog(id))
        #expect(try fixture.catalog().identity == id)
        _ = try Catalog.rebuild(folder: fixture.folder, jobs: 1)
        #expect(try fixture.catalog().identity == id)
        // A symbolic link at the marker's name is no marker.
        let other = try PhotoFolderFixture([:])
        #expect(symlink(fixture.path(".filmroll/.filmroll-owner"), other.path(".filmroll-owner")) == 0)
        #expect(OutputRootMarker.read(in: other.folder) == .unreadable)
        #expect(try fixture.catalog().ownership(of: other.folder) == .unreadableMarker(markerFolder: other.folder))
    }

    @Test func ownershipIsTheNearestMarkerReachedWithoutALink() throws {
        let fixture = try PhotoFolderFixture([:])
        let catalog = try fixture.catalog()
        let filmroll = fixture.path(".filmroll")
        #expect(catalog.ownership(of: filmroll + "/gallery/thumbs") == .ours(markerFolder: filmroll))
        let elsewhere = try PhotoFolderFixture([:])
        #expect(catalog.ownership(of: elsewhere.folder) == .unmarked)
        #expect(catalog.markAsOurs(elsewhere.path("site")) == .ours(markerFolder: elsewhere.path("site")))
        // A link to a marked folder is that folder (as an --out reached through a link is);
        // a link below a marker leads out of it.
        #expect(symlink(elsewhere.path("site"), filmroll + "/linked") == 0)
        #expect(catalog.ownership(of: filmroll + "/linked/thumbs") == .ours(markerFolder: filmroll + "/linked"))
        try Folders.create(elsewhere.path("plain"))
        #expect(symlink(elsewhere.path("plain"), filmroll + "/gallery") == 0)
        #expect(catalog.ownership(of: filmroll + "/gallery/thumbs") == .throughLink(link: filmroll + "/gallery"))
        // Another folder's catalog owns its own `.filmroll`.
        let another = try PhotoFolderFixture([:])
        _ = try another.catalog()
        #expect(catalog.ownership(of: another.path(".filmroll/gallery")) == .otherCatalog(markerFolder: another.path(".filmroll")))
    }

    /// A catalog of schema version 9 keeps its outputs' absolute paths; migrated, those inside the folder are kept relative.
    @Test func migrationKeepsOutputPathsInsideTheFolderRelative() throws {
        let fixture = try PhotoFolderFixture([:])
        let folder = AbsolutePath.of(fixture.folder)
        try Folders.create(fixture.path(".filmroll"))
        do {
            let old = try Database(path: fixture.path(".filmroll/catalog.sqlite"), create: true)
            try old.execute(CatalogSchema.current.replacingOccurrences(of: "CREATE TABLE catalog_identity (id TEXT NOT NULL);", with: "")
                .replacingOccurrences(of: ItemTotalsSchema.migration, with: "")
                .replacingOccurrences(of: CatalogSchema.settingsTable, with: "")
                .replacingOccurrences(of: CatalogSchema.fingerprintsTable, with: "")
                .replacingOccurrences(of: ", frame_rate REAL", with: "")
                .replacingOccurrences(of: ", taken_time_unknown INTEGER", with: ""))
            try old.execute("PRAGMA user_version = 9")
            try old.execute("""
                INSERT INTO outputs (kind, path, root, parameters, made_at) VALUES
                    ('thumbnail', '\(folder)/.filmroll/gallery/thumbs/a_256.jpg', '\(folder)/.filmroll/gallery', '{}', 'now'),
                    ('gif', '/elsewhere/x.gif', '/elsewhere', '{}', 'now');
                """)
        }
        let catalog = try fixture.catalog()
        #expect(catalog.schemaVersion == CatalogSchema.currentVersion)
        let rows = try catalog.database.rows("SELECT path, root FROM outputs ORDER BY id").map { [$0[0].string, $0[1].string] }
        #expect(rows == [[".filmroll/gallery/thumbs/a_256.jpg", ".filmroll/gallery"], ["/elsewhere/x.gif", "/elsewhere"]])
        #expect(try catalog.outputPathsByKey(kind: .thumbnail).isEmpty)
        #expect(try catalog.ledger().map(\.path).sorted() == ["/elsewhere/x.gif", folder + "/.filmroll/gallery/thumbs/a_256.jpg"])
        #expect(try catalog.ledger().first { $0.path.hasSuffix("a_256.jpg") }?.isOwned == true)
        #expect(try catalog.ledger().first { $0.path == "/elsewhere/x.gif" }?.isOwned == false)
    }
}
