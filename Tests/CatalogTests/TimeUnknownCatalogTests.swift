@testable import Catalog
import Imaging
import Testing
import TestSupport

/// A date without a time of day is kept as such (`taken_time_unknown`): by
/// indexing a name or an XMP day alone, and by migrating a version 12
/// catalog, which marks its rows dated by such a name from their paths.
@Suite struct TimeUnknownCatalogTests {
    static let files = [
        "WhatsApp/IMG-20240504-WA0001.jpg": "names/with space.jpg",     // no date inside: the name's day alone
        "Camera/20240504_111111.jpg": "names/with space.jpg",           // the name's day and time
        "Camera/IMG_20240504_000000.jpg": "names/with space.jpg",       // midnight, said in the name
        "2025/IMG_0001.jpg": "dated/IMG_0001.jpg",                     // EXIF
    ]

    static func unknown(_ catalog: Catalog) throws -> [String: Int?] {
        var values: [String: Int?] = [:]
        for row in try catalog.database.rows("SELECT path, taken_time_unknown FROM photos") {
            values[row[0].string ?? ""] = row[1].int
        }
        return values
    }

    @Test func indexingWritesItAndTheRecordReadsIt() throws {
        let fixture = try PhotoFolderFixture(Self.files)
        try AtomicFile.write(try XMPFixtures.jpeg(xmp: XMPFixtures.packet(attributes: #"photoshop:DateCreated="2022-02-02""#)),
                             to: fixture.path("scan.jpg"))
        try fixture.index()
        let catalog = try fixture.catalog()
        #expect(try Self.unknown(catalog) == ["WhatsApp/IMG-20240504-WA0001.jpg": 1, "Camera/20240504_111111.jpg": 0,
                                              "Camera/IMG_20240504_000000.jpg": 0, "2025/IMG_0001.jpg": 0, "scan.jpg": 1])
        let whatsApp = try #require(try catalog.photo(relativePath: "WhatsApp/IMG-20240504-WA0001.jpg"))
        #expect(whatsApp.takenTimeUnknown && whatsApp.takenAt == "2024-05-04T00:00:00" && whatsApp.takenDay == "2024-05-04")
        #expect(whatsApp.takenISO8601 == "2024-05-04")
        let midnight = try #require(try catalog.photo(relativePath: "Camera/IMG_20240504_000000.jpg"))
        #expect(!midnight.takenTimeUnknown && midnight.takenISO8601 == "2024-05-04T00:00:00")
        let scan = try #require(try catalog.photo(relativePath: "scan.jpg"))
        #expect(scan.takenSource == .xmp && scan.takenTimeUnknown && scan.takenISO8601 == "2022-02-02")
        // In its day, the item whose time is unknown comes where its midnight puts it: first, then by path.
        #expect(try catalog.photos(matching: PhotoQuery(day: "2024-05-04")).map(\.path)
                == ["Camera/IMG_20240504_000000.jpg", "WhatsApp/IMG-20240504-WA0001.jpg", "Camera/20240504_111111.jpg"])
    }

    /// A version 12 catalog: read as it is, its rows have known times; migrated,
    /// the WhatsApp row is marked from its name without being read again, and
    /// a row an XMP date put at midnight is read again.
    @Test func aVersionTwelveCatalogIsReadAndMigrated() throws {
        let fixture = try PhotoFolderFixture(Self.files)
        try fixture.index()
        do {
            let catalog = try fixture.catalog()
            try catalog.database.execute("""
                INSERT INTO photos (path, bytes, mtime_ns, indexed_at, taken_at, taken_day, taken_source)
                    VALUES ('old-xmp.jpg', 10, 1, 'now', '2022-02-02T00:00:00', '2022-02-02', 'xmp'),
                           ('timed-xmp.jpg', 10, 1, 'now', '2022-02-02T10:00:00', '2022-02-02', 'xmp');
                ALTER TABLE photos DROP COLUMN taken_time_unknown;
                DROP TABLE settings;
                DROP TABLE fingerprints;
                DROP TABLE similar_groups;
                PRAGMA user_version = 12;
                """)
        }
        let reader = try Catalog(folder: fixture.folder, access: .read)
        #expect(reader.schemaVersion == 12)
        let listed = try reader.photos(matching: PhotoQuery(day: "2024-05-04"))
        #expect(listed.count == 3 && listed.allSatisfy { !$0.takenTimeUnknown })
        #expect(try reader.photo(relativePath: "WhatsApp/IMG-20240504-WA0001.jpg")?.takenISO8601 == "2024-05-04T00:00:00")

        let bytesBefore = try reader.database.value("SELECT bytes FROM photos WHERE path = 'WhatsApp/IMG-20240504-WA0001.jpg'").int
        let catalog = try fixture.catalog()
        #expect(catalog.schemaVersion == CatalogSchema.currentVersion)
        let values = try Self.unknown(catalog)
        #expect(values["WhatsApp/IMG-20240504-WA0001.jpg"] == 1)
        for path in ["Camera/20240504_111111.jpg", "Camera/IMG_20240504_000000.jpg", "2025/IMG_0001.jpg"] {
            #expect(values[path] == .some(nil), "\(path)")
            #expect(try catalog.photo(relativePath: path)?.takenTimeUnknown == false, "\(path)")
        }
        #expect(try catalog.photo(relativePath: "WhatsApp/IMG-20240504-WA0001.jpg")?.takenISO8601 == "2024-05-04")
        #expect(try catalog.database.value("SELECT bytes FROM photos WHERE path = 'WhatsApp/IMG-20240504-WA0001.jpg'").int
                == bytesBefore, "marked from its name, not read again")
        #expect(try catalog.database.value("SELECT bytes FROM photos WHERE path = 'old-xmp.jpg'").int == -1)
        #expect(try catalog.database.value("SELECT bytes FROM photos WHERE path = 'timed-xmp.jpg'").int == 10)
        // Nothing of the photos on disk is read again.
        try catalog.database.execute("DELETE FROM photos WHERE path LIKE '%xmp.jpg'")
        #expect(try fixture.index().changed == 0)
    }
}
