import Catalog
import Imaging
import Testing
import TestSupport

/// The catalog keeps where each capture date came from, how the photo was
/// taken and its colour space; a catalog of the version before is read
/// again so its rows gain them, without its outputs being remade.
@Suite struct PhotoDetailsIndexingTests {
    static func photo(_ exif: EXIFBuilder) throws -> [UInt8] { try XMPFixtures.jpeg(xmp: nil, exif: exif.payload) }

    @Test func datesSourcesAndShootingDetailsAreKept() throws {
        let fixture = try PhotoFolderFixture(["dated.jpg": "dated/IMG_0001.jpg", "plain.jpg": "names/with space.jpg"])
        var gpsOnly = EXIFBuilder()
        gpsOnly.gps[0x001D] = .ascii("2024:12:31")
        gpsOnly.gps[0x0007] = .rationals([(22, 1), (0, 1), (5, 1)])
        try AtomicFile.write(try Self.photo(gpsOnly), to: fixture.path("gps.jpg"))
        var exposed = EXIFBuilder()
        exposed.exif[0x9004] = .ascii("2023:07:01 12:00:00")
        exposed.exif[0x829A] = .rationals([(1, 60)])
        exposed.exif[0x8827] = .short(800)
        try AtomicFile.write(try Self.photo(exposed), to: fixture.path("exposed.jpg"))
        try fixture.index()

        let catalog = try fixture.catalog()
        let dated = try #require(try catalog.photo(relativePath: "dated.jpg"))
        #expect(dated.takenSource == .original)
        #expect(dated.colorSpace == "sRGB")
        let gps = try #require(try catalog.photo(relativePath: "gps.jpg"))
        #expect(gps.takenSource == .gps)
        #expect(gps.takenISO8601 == "2024-12-31T22:00:05+00:00" || gps.takenISO8601 == "2024-12-31T22:00:05Z")
        #expect(!gps.takenFromModificationTime)
        let exposedRecord = try #require(try catalog.photo(relativePath: "exposed.jpg"))
        #expect(exposedRecord.takenSource == .digitized)
        #expect(exposedRecord.shooting.iso == 800)
        #expect(exposedRecord.shooting.exposureTime.map(ShootingDetails.exposureText) == "1/60 s")
        let plain = try #require(try catalog.photo(relativePath: "plain.jpg"))
        #expect(plain.takenSource == .fileTime)
        #expect(plain.takenFromModificationTime)
    }

    /// Version 5 marks every row for reading again: the next index reads
    /// each file (its size no longer matches) and fills the new columns.
    @Test func olderRowsAreReadAgain() throws {
        let fixture = try PhotoFolderFixture(["dated.jpg": "dated/IMG_0001.jpg"])
        try fixture.index()
        let catalog = try fixture.catalog()
        try catalog.database.execute("UPDATE photos SET taken_source = NULL, color_space = NULL, bytes = -1")
        let summary = try fixture.index()
        #expect(summary.changed == 1)
        let row = try #require(try catalog.photo(relativePath: "dated.jpg"))
        #expect(row.takenSource == .original && row.colorSpace == "sRGB")
    }
}
