#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Imaging
import Testing

/// Damage is found when the catalog is opened, before anything is written,
/// and reaches the user as one sentence that says what to do.
@Suite struct DamageTests {
    /// A catalog with `photos` photos and twice as many outputs, all in its
    /// main file (checkpointed), and closed.
    static func bigCatalog(photos: Int) throws -> PhotoFolderFixture {
        let fixture = try PhotoFolderFixture([:])
        let catalog = try fixture.catalog()
        try SyntheticRows.fill(catalog, photos: photos, outputs: photos * 2)
        #expect(try catalog.database.rows("PRAGMA wal_checkpoint(TRUNCATE)")[0][0].int == 0)
        return fixture
    }

    static func isDamaged(_ error: any Error, _ fixture: PhotoFolderFixture) -> Bool {
        guard case let .damaged(path, folder, reason)? = error as? CatalogError else { return false }
        let text = String(describing: error)
        return path == fixture.catalogPath && folder == fixture.folder && !reason.isEmpty
            && text.hasPrefix("the catalog \(fixture.catalogPath) is damaged (")
            && text.hasSuffix("run 'filmroll index --rebuild \(fixture.folder)' to rebuild it from the photos "
                              + "(the damaged file is kept)")
            && !text.contains("\n")
    }

    @Test(arguments: [[UInt8](repeating: 0xFF, count: 4096), (0..<4096).map { _ in UInt8.random(in: 0...255) }])
    func aPageOverwrittenMidFileIsFoundBeforeAnyWrite(page: [UInt8]) throws {
        let fixture = try Self.bigCatalog(photos: 2_000)
        let size = try FileBytes.read(fixture.catalogPath).count
        FileSurgery.overwrite(fixture.catalogPath, at: size / FileSurgery.pageSize / 2 * FileSurgery.pageSize, with: page)
        let damaged = try FileBytes.read(fixture.catalogPath)
        for access in [Catalog.Access.write, .create, .read] {
            #expect("\(access)") {
                try Catalog(folder: fixture.folder, access: access)
            } throws: { Self.isDamaged($0, fixture) }
        }
        #expect(try FileBytes.read(fixture.catalogPath) == damaged, "the damaged file was written to")
    }

    @Test func aFileThatIsNotADatabaseIsDamaged() throws {
        let fixture = try PhotoFolderFixture([:])
        try Folders.create(fixture.path(".filmroll"))
        try AtomicFile.write((0..<10_000).map { _ in UInt8.random(in: 0...255) }, to: fixture.catalogPath)
        for access in [Catalog.Access.write, .read] {
            #expect {
                try Catalog(folder: fixture.folder, access: access)
            } throws: { Self.isDamaged($0, fixture) && String(describing: $0).contains("(file is not a database)") }
        }
    }

    @Test(arguments: [5, 100, 3 * 4096])
    func aTruncatedCatalogIsDamaged(keptBytes: Int) throws {
        let fixture = try Self.bigCatalog(photos: 200)
        #expect(truncate(fixture.catalogPath, off_t(keptBytes)) == 0)
        for access in [Catalog.Access.write, .read] {
            #expect {
                try Catalog(folder: fixture.folder, access: access)
            } throws: { Self.isDamaged($0, fixture) }
        }
        #expect(try FileBytes.read(fixture.catalogPath).count == keptBytes)
    }

    @Test func aQueryThatMeetsDamageLaterReportsDamaged() throws {
        let fixture = try Self.bigCatalog(photos: 2_000)
        let catalog = try fixture.catalog()
        // Damage the file under the open catalog; a write by another
        // connection then makes it drop the pages it had cached.
        let page = try #require(try FileSurgery.pageOffset(of: "ROW-02000", in: fixture.catalogPath))
        FileSurgery.overwrite(fixture.catalogPath, at: page, with: Array(repeating: 0xFF, count: FileSurgery.pageSize))
        try Database(path: fixture.catalogPath, create: false)
            .execute("UPDATE photos SET indexed_at = '2025-06-01T00:00:00Z' WHERE id = 1")
        var failure: (any Error)?
        do {
            _ = try catalog.outputPathsByKey(kind: .fourcut)
        } catch {
            failure = error
        }
        let error = try #require(failure)
        #expect((error as? DatabaseError)?.isDamage == true, "\(error)")
        #expect(Self.isDamaged(CatalogError(error, catalog: catalog), fixture))
    }

    @Test func databaseErrorsAreTranslatedForTheUser() throws {
        let fixture = try PhotoFolderFixture([:])
        let catalog = try fixture.catalog()
        let full = CatalogError(DatabaseError(code: .ioErrorShmSize, message: "disk I/O error", systemErrno: ENOSPC),
                                catalog: catalog)
        guard case .diskFull(fixture.catalogPath) = full else { Issue.record("\(full)"); return }
        #expect(full.description == "cannot write the catalog \(fixture.catalogPath): no space left on device; "
                + "free some space and run the command again")
        guard case .diskFull = CatalogError(DatabaseError(code: .full, message: "database or disk is full"), catalog: catalog),
              case .notWritable = CatalogError(DatabaseError(code: ResultCode(rawValue: 1032), message: "readonly"), catalog: catalog),
              case .damaged = CatalogError(DatabaseError(code: .notADatabase, message: "file is not a database"), catalog: catalog),
              case .database = CatalogError(DatabaseError(code: .ioError, message: "disk I/O error", systemErrno: EIO), catalog: catalog),
              case .notFound("x") = CatalogError(CatalogError.notFound("x"), catalog: catalog)
        else { Issue.record("a database error was translated wrongly"); return }
        // An I/O error says what the system said.
        #expect(DatabaseError(code: ResultCode(rawValue: 778), message: "disk I/O error", systemErrno: ENOSPC).description
                == "disk I/O error: no space left on device (SQLite code 778)")
        #expect(DatabaseError(code: .constraint, message: "NOT NULL", systemErrno: ENOSPC).description == "NOT NULL (SQLite code 19)")
    }

    @Test func aCatalogElsewhereNamesItsPathInTheRebuildCommand() {
        let error = CatalogError.damaged(path: "/cards/c.sqlite", folder: "/photos", reason: "file is not a database")
        #expect(error.description == "the catalog /cards/c.sqlite is damaged (file is not a database); run "
                + "'filmroll index --rebuild /photos --catalog /cards/c.sqlite' to rebuild it from the photos "
                + "(the damaged file is kept)")
    }
}

extension PhotoFolderFixture {
    var catalogPath: String { folder + "/.filmroll/catalog.sqlite" }
}
