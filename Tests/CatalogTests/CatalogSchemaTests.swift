import Foundation
@testable import Catalog
import Testing

@Suite struct CatalogSchemaTests {
    @Test func migratesAnEmptyFileAndReopens() throws {
        let fixture = try PhotoFolderFixture([:])
        let catalog = try fixture.catalog()
        #expect(catalog.schemaVersion == CatalogSchema.currentVersion)
        #expect(catalog.path == fixture.folder + "/.filmroll/catalog.sqlite")
        let tables = try catalog.database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0].string }
        #expect(tables == ["camera_totals", "catalog_generation", "catalog_identity", "fingerprints", "item_totals", "output_sources", "outputs", "photos",
                          "process_runs", "settings", "similar_groups"])
        #expect(try catalog.database.value("PRAGMA journal_mode").string == "wal")
        #expect(try catalog.database.value("PRAGMA foreign_keys").int == 1)
        #expect(try fixture.catalog().schemaVersion == CatalogSchema.currentVersion)
    }

    @Test func newerSchemaIsRefusedAndLeftAlone() throws {
        let fixture = try PhotoFolderFixture([:])
        try fixture.catalog().database.execute("PRAGMA user_version = 99")
        #expect {
            try fixture.catalog()
        } throws: { error in
            guard case .newerSchema(_, 99, CatalogSchema.currentVersion)? = error as? CatalogError else { return false }
            return String(describing: error).contains("schema version 99 is newer than this Filmroll understands (\(CatalogSchema.currentVersion))")
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
                try catalog.database.execute("INSERT INTO outputs (kind, path, parameters, made_at) VALUES ('Bad kind', 'b', '{}', 'now')", [])
            }
        }
        #expect(try catalog.database.value("SELECT count(*) FROM outputs").int == 0)
    }

    /// A version 1 catalog (kinds listed in a CHECK) is migrated to 2: its
    /// outputs and their links kept, the links still cascading, an
    /// animated WebP recordable; the result has the schema of a new catalog.
    @Test func versionOneMigratesKeepingOutputsAndLinks() throws {
        let new = try PhotoFolderFixture([:])
        _ = try new.catalog()
        let fresh = try Self.schema(of: new.folder + "/.filmroll/catalog.sqlite")
        let fixture = try PhotoFolderFixture([:])
        let path = fixture.folder + "/.filmroll/catalog.sqlite"
        try FileManager.default.createDirectory(atPath: fixture.folder + "/.filmroll", withIntermediateDirectories: true)
        do {
            let old = try Database(path: path, create: true)
            try old.execute("PRAGMA foreign_keys = ON")
            try old.execute(CatalogSchema.migrations[0])
            try old.execute("PRAGMA user_version = 1")
            try old.execute("""
                INSERT INTO photos (id, path, bytes, mtime_ns, indexed_at) VALUES (1, 'a.jpg', 1, 1, 'now'), (2, 'b.jpg', 1, 1, 'now');
                INSERT INTO outputs (id, kind, path, key, parameters, made_at)
                    VALUES (1, 'gif', '/x.gif', NULL, '{}', 'now'), (2, 'thumbnail', '/t.jpg', 'k', '{"size":64}', 'now');
                INSERT INTO output_sources (output_id, photo_id, position) VALUES (1, 1, 0), (1, 2, 1), (2, 2, 0);
                """)
            #expect(throws: DatabaseError.self) {
                try old.execute("INSERT INTO outputs (kind, path, parameters, made_at) VALUES ('webp', '/w.webp', '{}', 'now')", [])
            }
        }

        let catalog = try fixture.catalog()
        #expect(catalog.schemaVersion == CatalogSchema.currentVersion)
        #expect(try Self.schema(of: path) == fresh)
        #expect(try catalog.sources(ofOutput: 1) == [1, 2])
        #expect(try catalog.outputs(ofPhoto: 2).map(\.kind) == [.gif, .thumbnail])
        #expect(try catalog.outputPathsByKey(kind: .thumbnail) == ["k": ["/t.jpg"]])
        let webp = try catalog.recordOutput(kind: .webp, path: "/w.webp", parameters: "{}", sources: [1])
        #expect(try catalog.outputs(ofPhoto: 1).map(\.kind) == [.gif, .webp])
        #expect(try catalog.database.value("PRAGMA foreign_key_check").string == nil)
        // The links still cascade: a photo's and an output's go with them.
        try catalog.database.execute("DELETE FROM outputs WHERE id = 1", [])
        #expect(try catalog.database.value("SELECT count(*) FROM output_sources WHERE output_id = 1").int == 0)
        try catalog.database.execute("DELETE FROM photos WHERE id = 1", [])
        #expect(try catalog.sources(ofOutput: webp).isEmpty)
        #expect(try catalog.database.value("PRAGMA integrity_check").string == "ok")
    }

    /// A version 2 catalog is read as it is (no root column) and migrated
    /// to 3 on a write: its outputs keep no recorded root, and take the
    /// folder's `.filmroll` or their own folder as theirs.
    @Test func versionTwoIsReadAsItIsAndGainsTheRootColumn() throws {
        let fixture = try PhotoFolderFixture([:])
        let path = fixture.folder + "/.filmroll/catalog.sqlite"
        let store = AbsolutePath.of(fixture.folder) + "/.filmroll/thumbs/ab/t.jpg"
        try FileManager.default.createDirectory(atPath: fixture.folder + "/.filmroll", withIntermediateDirectories: true)
        do {
            let old = try Database(path: path, create: true)
            try old.execute(CatalogSchema.migrations[0])
            try old.execute(CatalogSchema.migrations[1])
            try old.execute("PRAGMA user_version = 2")
            try old.execute("""
                INSERT INTO photos (id, path, bytes, mtime_ns, indexed_at) VALUES (1, 'a.jpg', 1, 1, 'now');
                INSERT INTO outputs (id, kind, path, parameters, made_at) VALUES (1, 'gif', '/elsewhere/x.gif', '{}', 'now'),
                    (2, 'thumbnail', '\(store)', '{}', 'now');
                INSERT INTO output_sources (output_id, photo_id, position) VALUES (1, 1, 0), (2, 1, 0);
                """)
        }

        let reader = try Catalog(folder: fixture.folder, access: .read)
        #expect(reader.schemaVersion == 2)
        #expect(try reader.outputs(ofPhoto: 1).map(\.root) == [nil, nil])

        let catalog = try fixture.catalog()
        #expect(catalog.schemaVersion == CatalogSchema.currentVersion)
        let outputs = try catalog.outputs(ofPhoto: 1)
        #expect(outputs.map { catalog.outputRoot(of: $0) } == ["/elsewhere", AbsolutePath.of(fixture.folder) + "/.filmroll"])
        try catalog.recordOutput(kind: .gif, path: "/elsewhere/y.gif", root: "/elsewhere", parameters: "{}", sources: [1])
        #expect(try catalog.outputs(ofPhoto: 1).map(\.root) == [nil, "/elsewhere", nil])   // by kind, then path
    }

    /// The tables and indexes of a catalog file, each statement with its
    /// comments, quotes and runs of spaces taken out.
    static func schema(of path: String) throws -> [String: String] {
        let database = try Database(path: path, create: false)
        var schema: [String: String] = [:]
        try database.forEachRow("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL") { row in
            let sql = (row[1].string ?? "").split(separator: "\n").map { line in
                line.range(of: "--").map { String(line[..<$0.lowerBound]) } ?? String(line)
            }.joined(separator: " ").replacingOccurrences(of: "\"", with: "")
            schema[row[0].string ?? ""] = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
        }
        return schema
    }
}

import Imaging

enum AtomicFileHelper {
    static func write(_ text: String, to path: String) throws { try AtomicFile.write(Array(text.utf8), to: path) }
}
