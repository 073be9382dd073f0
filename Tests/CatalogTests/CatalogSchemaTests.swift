import Catalog
import Testing

@Suite struct CatalogSchemaTests {
    @Test func migratesAnEmptyFileAndReopens() throws {
        let fixture = try PhotoFolderFixture([:])
        let catalog = try fixture.catalog()
        #expect(catalog.schemaVersion == 1)
        #expect(catalog.path == fixture.folder + "/.filmroll/catalog.sqlite")
        let tables = try catalog.database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0].string }
        #expect(tables == ["output_sources", "outputs", "photos"])
        #expect(try catalog.database.value("PRAGMA journal_mode").string == "wal")
        #expect(try catalog.database.value("PRAGMA foreign_keys").int == 1)
        #expect(try fixture.catalog().schemaVersion == 1)
    }

    @Test func newerSchemaIsRefusedAndLeftAlone() throws {
        let fixture = try PhotoFolderFixture([:])
        try fixture.catalog().database.execute("PRAGMA user_version = 99")
        #expect {
            try fixture.catalog()
        } throws: { error in
            guard case .newerSchema(_, 99, 1)? = error as? CatalogError else { return false }
            return String(describing: error).contains("schema version 99 is newer than this Filmroll understands (1)")
        }
        let raw = try Database(path: fixture.folder + "/.filmroll/catalog.sqlite", create: false)
        #expect(try raw.value("PRAGMA user_version").int == 99)
    }

    @Test func unwritableFolderPointsToTheCatalogOption() throws {
        let fixture = try PhotoFolderFixture([:])
        // A file where the .filmroll folder would go: the catalog cannot be made there.
        try AtomicFileHelper.write("x", to: fixture.path(".filmroll"))
        #expect {
            try fixture.catalog()
        } throws: { error in
            guard case .notWritable? = error as? CatalogError else { return false }
            return String(describing: error).contains("use --catalog PATH")
        }
    }

    @Test func databaseErrorsCarryCodeMessageAndSQL() throws {
        let fixture = try PhotoFolderFixture([:])
        let catalog = try fixture.catalog()
        #expect {
            try catalog.database.execute("INSERT INTO photos (path) VALUES (?)", ["x"])
        } throws: { error in
            guard let error = error as? DatabaseError else { return false }
            return error.code.primary == .constraint && error.message.contains("NOT NULL")
                && error.sql == "INSERT INTO photos (path) VALUES (?)"
        }
        // A failed transaction rolls back.
        #expect(throws: DatabaseError.self) {
            try catalog.database.transaction {
                try catalog.database.execute("INSERT INTO outputs (kind, path, parameters, made_at) VALUES ('gif', 'a', '{}', 'now')", [])
                try catalog.database.execute("INSERT INTO outputs (kind, path, parameters, made_at) VALUES ('bad', 'b', '{}', 'now')", [])
            }
        }
        #expect(try catalog.database.value("SELECT count(*) FROM outputs").int == 0)
    }
}

import Imaging

enum AtomicFileHelper {
    static func write(_ text: String, to path: String) throws { try AtomicFile.write(Array(text.utf8), to: path) }
}
