#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Imaging
import Testing
import TestSupport

/// `.read` opens a catalog without writing anything, also where nothing
/// can be written: a camera card, a read-only share.
@Suite struct ReadAccessTests {
    /// The files in `folder` and its `.filmroll`, with their sizes.
    static func listing(_ folder: String) -> [String: Int] {
        var files: [String: Int] = [:]
        for directory in [folder, folder + "/.filmroll"] {
            guard let stream = opendir(directory) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name != "." && name != ".." else { continue }
                var info = stat()
                #expect(stat(directory + "/" + name, &info) == 0, "\(name)")
                files[directory.dropFirst(folder.count) + "/" + name] = (info.st_mode & S_IFMT) == S_IFDIR ? -1 : Int(info.st_size)
            }
        }
        return files
    }

    @Test func readingAFolderWithoutACatalogCreatesNothing() throws {
        let fixture = try PhotoFolderFixture(["a.jpg": "dated/IMG_0001.jpg"])
        let before = Self.listing(fixture.folder)
        #expect {
            try Catalog(folder: fixture.folder, access: .read)
        } throws: { error in
            guard case .notFound(fixture.folder)? = error as? CatalogError else { return false }
            return true
        }
        #expect(Self.listing(fixture.folder) == before)
        #expect(!FileBytes.exists(fixture.path(".filmroll")))
    }

    @Test func readingNeitherMigratesNorSwitchesTheJournalNorWrites() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        try fixture.index()
        // A catalog left in rollback-journal mode: reading must not switch it to WAL.
        try Database(path: fixture.catalogPath, create: false).execute("PRAGMA journal_mode = DELETE")
        let bytes = try FileBytes.read(fixture.catalogPath)
        #expect(bytes[18] == 1 && bytes[19] == 1)
        // The writer stamped the file as checked (`CatalogCheckStamp`); a reader leaves the stamp as it is.
        let stamp = try FileBytes.read(fixture.catalogPath + "-checked")
        do {
            let catalog = try Catalog(folder: fixture.folder, access: .read)
            #expect(catalog.access == .read)
            #expect(try catalog.photos(matching: PhotoQuery()).count == 6)
            #expect(try catalog.database.value("PRAGMA journal_mode").string == "delete")
            #expect {
                try catalog.database.execute("DELETE FROM photos")
            } throws: { error in
                guard case .notWritable = CatalogError(error, catalog: catalog) else { return false }
                return true
            }
        }
        #expect(try FileBytes.read(fixture.catalogPath) == bytes)
        #expect(try FileBytes.read(fixture.catalogPath + "-checked") == stamp)
        #expect(Self.listing(fixture.folder).keys.filter { $0.hasPrefix("/.filmroll/") }.sorted()
                    == ["/.filmroll/.filmroll-owner", "/.filmroll/catalog.sqlite", "/.filmroll/catalog.sqlite-checked"])

        // An empty file is a damaged catalog (issue 19), and stays empty (no migration).
        #expect(truncate(fixture.catalogPath, 0) == 0)
        #expect {
            try Catalog(folder: fixture.folder, access: .read)
        } throws: { error in
            guard case .damaged(_, _, let reason)? = error as? CatalogError else { return false }
            return reason == "it is empty: 0 bytes"
        }
        #expect(try FileBytes.read(fixture.catalogPath).isEmpty)
    }

    @Test func readingAWALCatalogLeavesItsFileAsItIs() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        try fixture.index()
        let bytes = try FileBytes.read(fixture.catalogPath)
        do {
            let catalog = try Catalog(folder: fixture.folder, access: .read)
            #expect(try catalog.stats().photos == 6)
            #expect(try catalog.database.value("PRAGMA journal_mode").string == "wal")
        }
        #expect(try FileBytes.read(fixture.catalogPath) == bytes)
        // SQLite reads a WAL catalog through a -wal and -shm beside it, which a
        // reader makes where it can (and leaves): nothing else appears.
        let files = Set(Self.listing(fixture.folder).keys.filter { $0.hasPrefix("/.filmroll/") })
        #expect(files.isSubset(of: ["/.filmroll/catalog.sqlite", "/.filmroll/catalog.sqlite-wal", "/.filmroll/catalog.sqlite-shm",
                                    "/.filmroll/catalog.sqlite-checked", "/.filmroll/.filmroll-owner"]))
    }

    @Test func aNewerCatalogIsRefusedWhenReadToo() throws {
        let fixture = try PhotoFolderFixture([:])
        try fixture.catalog().database.execute("PRAGMA user_version = 12")
        #expect {
            try Catalog(folder: fixture.folder, access: .read)
        } throws: { error in
            guard case .newerSchema(_, 12, 11)? = error as? CatalogError else { return false }
            return true
        }
    }

    @Test func aPathWithURICharactersIsEscaped() throws {
        #expect(Database.readOnlyURI(path: "/x/50% off?#1.sqlite", immutable: false)
                == "file:///x/50%25 off%3f%231.sqlite?mode=ro")
        #expect(Database.readOnlyURI(path: "//net/c.sqlite", immutable: true) == "file:////net/c.sqlite?mode=ro&immutable=1")
        #expect(Database.readOnlyURI(path: "rel/c.sqlite", immutable: false) == "file:rel/c.sqlite?mode=ro")
        let fixture = try PhotoFolderFixture(["100% sure?#/a.jpg": "dated/IMG_0001.jpg"])
        let folder = fixture.path("100% sure?#")
        _ = try FolderIndexer(catalog: try Catalog(folder: folder), jobs: 1).run()
        let catalog = try Catalog(folder: folder, access: .read)
        #expect(try catalog.photo(relativePath: "a.jpg") != nil)
    }

    /// A catalog whose last transactions are still in its `-wal`, as when
    /// a folder is copied while Filmroll has it open: a copy taken with
    /// automatic checkpoints off, while the writer is still open.
    static func folderWithUncheckpointedWAL() throws -> (fixture: PhotoFolderFixture, copy: PhotoFolderFixture) {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        try fixture.index()
        let copy = try PhotoFolderFixture([:])
        let writer = try fixture.catalog()
        try writer.database.execute("PRAGMA wal_autocheckpoint = 0")
        let photo = try #require(try writer.photo(relativePath: "2025/IMG_0001.jpg"))
        try writer.recordOutput(kind: .gif, path: "/elsewhere/a.gif", parameters: "{}", sources: [photo.id])
        #expect(try FileBytes.read(fixture.catalogPath + "-wal").count > 0)
        try Folders.create(copy.path(".filmroll"))
        for suffix in ["", "-wal", "-shm"] {
            try AtomicFile.write(try FileBytes.read(fixture.catalogPath + suffix), to: copy.catalogPath + suffix)
        }
        return (fixture, copy)
    }

    @Test(.enabled(if: ScratchMount.isAllowed, "mounting needs root"))
    func readsACatalogWithItsWALOnAReadOnlyMount() throws {
        let (_, copy) = try Self.folderWithUncheckpointedWAL()
        let mount = try #require(ScratchMount.readOnlyBind(of: copy.folder))
        defer { mount.unmount() }
        let before = Self.listing(mount.path)
        #expect(before["/.filmroll/catalog.sqlite-wal"] ?? 0 > 0)
        do {
            let catalog = try Catalog(folder: mount.path, access: .read)
            #expect(try catalog.photos(matching: PhotoQuery()).count == 6)
            // The output recorded in the -wal is seen.
            let photo = try #require(try catalog.photo(relativePath: "2025/IMG_0001.jpg"))
            #expect(try catalog.outputs(ofPhoto: photo.id).map(\.path) == ["/elsewhere/a.gif"])
            #expect {
                try catalog.database.execute("DELETE FROM outputs")
            } throws: { error in
                guard case .notWritable = CatalogError(error, catalog: catalog) else { return false }
                return true
            }
        }
        #expect(Self.listing(mount.path) == before)
        #expect {
            try Catalog(folder: mount.path, access: .write)
        } throws: { error in
            guard case .notWritable? = error as? CatalogError else { return false }
            return String(describing: error).contains(": read-only file system; use --catalog PATH")
        }
    }

    @Test(.enabled(if: ScratchMount.isAllowed, "mounting needs root"))
    func readsACleanCatalogOnAReadOnlyMountImmutable() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        try fixture.index()
        #expect(!FileBytes.exists(fixture.catalogPath + "-wal") && !FileBytes.exists(fixture.catalogPath + "-shm"))
        let mount = try #require(ScratchMount.readOnlyBind(of: fixture.folder))
        defer { mount.unmount() }
        let before = Self.listing(mount.path)
        do {
            let catalog = try Catalog(folder: mount.path, access: .read)
            #expect(try catalog.stats().photos == 6)
        }
        #expect(Self.listing(mount.path) == before)
    }

    @Test(.enabled(if: ScratchMount.isAllowed, "mounting needs root"))
    func aWALWithoutItsIndexOnAReadOnlyMountStillOpens() throws {
        // No -shm beside the -wal: the -shm cannot be made, so the file is
        // read immutable, as it was at its last checkpoint.
        let (_, copy) = try Self.folderWithUncheckpointedWAL()
        #expect(unlink(copy.catalogPath + "-shm") == 0)
        let mount = try #require(ScratchMount.readOnlyBind(of: copy.folder))
        defer { mount.unmount() }
        let catalog = try Catalog(folder: mount.path, access: .read)
        #expect(try catalog.photos(matching: PhotoQuery()).count == 6)
    }

    @Test(.enabled(if: ScratchMount.isAllowed, "mounting needs root"))
    func damageIsFoundOnAReadOnlyMount() throws {
        let fixture = try DamageTests.bigCatalog(photos: 1_000)
        _ = try FileSurgery.overwriteMiddlePage(fixture.catalogPath)
        let mount = try #require(ScratchMount.readOnlyBind(of: fixture.folder))
        defer { mount.unmount() }
        #expect {
            try Catalog(folder: mount.path, access: .read)
        } throws: { error in
            guard case .damaged(mount.path + "/.filmroll/catalog.sqlite", mount.path, _)? = error as? CatalogError else {
                return false
            }
            return true
        }
    }
}
