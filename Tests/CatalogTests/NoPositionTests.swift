@testable import Catalog
import Imaging
import Testing
import TestSupport

/// GPS figures that give no place are no position: exactly 0,0 (what a
/// camera without a fix writes) and out of range. The catalog keeps NULL
/// for them, and a row an older catalog kept them in reads as none.
@Suite struct NoPositionTests {
    /// A JPEG whose EXIF GPS says `latitude`, `longitude` (degrees, north and east).
    static func photo(latitude: UInt32, _ north: String, longitude: UInt32, _ east: String) throws -> [UInt8] {
        var exif = EXIFBuilder()
        exif.exif[0x9003] = .ascii("2024:05:04 10:00:00")
        exif.gps[0x0001] = .ascii(north)
        exif.gps[0x0002] = .rationals([(latitude, UInt32(1)), (UInt32(0), UInt32(1)), (UInt32(0), UInt32(1))])
        exif.gps[0x0003] = .ascii(east)
        exif.gps[0x0004] = .rationals([(longitude, UInt32(1)), (UInt32(0), UInt32(1)), (UInt32(0), UInt32(1))])
        return try XMPFixtures.jpeg(xmp: nil, exif: exif.payload)
    }

    @Test func zeroZeroAndOutOfRangeAreKeptAsNull() throws {
        let fixture = try PhotoFolderFixture([:])
        try AtomicFile.write(try Self.photo(latitude: 0, "N", longitude: 0, "E"), to: fixture.path("nowhere.jpg"))
        try AtomicFile.write(try Self.photo(latitude: 95, "N", longitude: 10, "E"), to: fixture.path("past-the-pole.jpg"))
        try AtomicFile.write(try Self.photo(latitude: 10, "N", longitude: 200, "W"), to: fixture.path("past-the-date-line.jpg"))
        try AtomicFile.write(try Self.photo(latitude: 37, "N", longitude: 126, "E"), to: fixture.path("seoul.jpg"))
        try fixture.index()

        let catalog = try fixture.catalog()
        for name in ["nowhere.jpg", "past-the-pole.jpg", "past-the-date-line.jpg"] {
            let row = try #require(try catalog.database.rows("SELECT latitude, longitude FROM photos WHERE path = ?", [name]).first)
            #expect(row[0].double == nil && row[1].double == nil, "\(name)")
            #expect(try catalog.photo(relativePath: name)?.gps == nil, "\(name)")
        }
        let seoul = try #require(try catalog.photo(relativePath: "seoul.jpg"))
        #expect(seoul.gps == GPSCoordinate(latitude: 37, longitude: 126))
        #expect(try catalog.positionsByDay()["2024-05-04"]?.count == 1)
    }

    @Test func theReaderGivesNoPositionForZeroZero() throws {
        let fixture = try PhotoFolderFixture([:])
        try AtomicFile.write(try Self.photo(latitude: 0, "N", longitude: 0, "E"), to: fixture.path("nowhere.jpg"))
        try AtomicFile.write(try Self.photo(latitude: 37, "N", longitude: 126, "E"), to: fixture.path("seoul.jpg"))
        #expect(try ImageDecoder.readInfo(contentsOf: fixture.path("nowhere.jpg")).metadata.gps == nil)
        #expect(try ImageDecoder.readInfo(contentsOf: fixture.path("seoul.jpg")).metadata.gps
                == GPSCoordinate(latitude: 37, longitude: 126))
    }

    /// A row an older build wrote 0,0 into is read as no position, and the
    /// migration to version 12 clears such rows.
    @Test func aStoredZeroZeroIsNoPosition() throws {
        let fixture = try PhotoFolderFixture([:])
        try AtomicFile.write(try Self.photo(latitude: 37, "N", longitude: 126, "E"), to: fixture.path("seoul.jpg"))
        try fixture.index()
        let catalog = try fixture.catalog()
        try catalog.database.execute("UPDATE photos SET latitude = 0, longitude = 0")
        #expect(try catalog.photo(relativePath: "seoul.jpg")?.gps == nil)
        #expect(try catalog.positionsByDay().isEmpty)

        // As a version 10 catalog: opened, it is migrated.
        try catalog.database.execute("ALTER TABLE photos DROP COLUMN frame_rate")
        try catalog.database.execute("ALTER TABLE photos DROP COLUMN taken_time_unknown")
        try catalog.database.execute("DROP TABLE settings; DROP TABLE fingerprints; DROP TABLE similar_groups")
        try catalog.database.execute("""
            DROP TRIGGER photos_totals_inserted; DROP TRIGGER photos_totals_deleted; DROP TRIGGER photos_totals_updated;
            DROP TABLE item_totals; DROP TABLE camera_totals; DROP INDEX photos_burst_leads;
            """)
        try catalog.database.execute("PRAGMA user_version = 10")
        let migrated = try fixture.catalog()
        #expect(migrated.schemaVersion == CatalogSchema.currentVersion)
        #expect(try migrated.database.value("SELECT count(*) FROM photos WHERE latitude IS NOT NULL").int == 0)
        #expect(try migrated.database.value("SELECT bytes FROM photos").int ?? 0 > 0, "a still is not read again")
    }

    @Test(arguments: [(0.0, 0.0), (90.5, 0.0), (-91.0, 3.0), (10.0, 180.01), (10.0, -181.0), (Double.nan, 3.0), (3.0, Double.infinity)] as [(Double, Double)])
    func noPosition(latitude: Double, longitude: Double) {
        #expect(GPSCoordinate(reading: latitude, longitude) == nil)
    }

    @Test(arguments: [(0.0, 0.0001), (90.0, 180.0), (-90.0, -180.0), (0.0001, 0.0)] as [(Double, Double)])
    func aPosition(latitude: Double, longitude: Double) {
        #expect(GPSCoordinate(reading: latitude, longitude) == GPSCoordinate(latitude: latitude, longitude: longitude))
    }
}
