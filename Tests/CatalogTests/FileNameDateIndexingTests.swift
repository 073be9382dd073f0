import Catalog
import Imaging
import Testing
import TestSupport

/// A file with no date inside it takes the date its name carries, kept as
/// the source 'fileName', before its file time; a name without one keeps the
/// file time but no day (it is undated), and a row an older Filmroll dated
/// by its file time is read again.
@Suite struct FileNameDateIndexingTests {
    static let named: [(name: String, takenAt: String, day: String)] = [
        ("WhatsApp/IMG-20240504-WA0001.jpg", "2024-05-04T00:00:00", "2024-05-04"),
        ("Camera/PXL_20240504_101010123.jpg", "2024-05-04T10:10:10", "2024-05-04"),
        ("Camera/20240504_111111.jpg", "2024-05-04T11:11:11", "2024-05-04"),
        ("Screenshots/Screenshot_20240504-121212.jpg", "2024-05-04T12:12:12", "2024-05-04"),
        ("Screenshots/Screenshot 2024-05-05 at 12.12.12.jpg", "2024-05-05T12:12:12", "2024-05-05"),
        ("Camera/IMG_20240506_101010.jpg", "2024-05-06T10:10:10", "2024-05-06"),
        ("Signal/signal-2024-05-07-121212.jpg", "2024-05-07T12:12:12", "2024-05-07"),
        ("Telegram/photo_2024-05-08_12-12-12.jpg", "2024-05-08T12:12:12", "2024-05-08"),
    ]

    static func row(_ catalog: Catalog, _ path: String) throws -> (takenAt: String?, day: String?, source: String?, fromTime: Int?) {
        let row = try #require(try catalog.database.rows(
            "SELECT taken_at, taken_day, taken_source, taken_from_mtime FROM photos WHERE path = ?", [path]).first)
        return (row[0].string, row[1].string, row[2].string, row[3].int)
    }

    @Test func eachNameGivesItsDayAndSaysSo() throws {
        var files = Dictionary(uniqueKeysWithValues: Self.named.map { ($0.name, "names/with space.jpg") })
        files["Camera/IMG_1234.jpg"] = "names/with space.jpg"
        files["Camera/20241399_101010.jpg"] = "names/with space.jpg"
        files["dated/20240504_111111.jpg"] = "dated/IMG_0001.jpg"
        let fixture = try PhotoFolderFixture(files)
        try fixture.index()
        let catalog = try fixture.catalog()
        for (name, takenAt, day) in Self.named {
            let row = try Self.row(catalog, name)
            #expect(row.takenAt == takenAt, "\(name)")
            #expect(row.day == day, "\(name)")
            #expect(row.source == "fileName", "\(name)")
            #expect(row.fromTime == 0, "\(name)")
        }
        #expect(try catalog.photo(relativePath: "Camera/20240504_111111.jpg")?.takenSource == .fileName)
        for name in ["Camera/IMG_1234.jpg", "Camera/20241399_101010.jpg"] {
            let row = try Self.row(catalog, name)
            #expect(row.source == "fileTime", "\(name)")
            #expect(row.fromTime == 1, "\(name)")
            // Undated: the file time is kept, but gives no day.
            #expect(row.takenAt != nil && row.day == nil, "\(name)")
        }
        // The EXIF date inside the file comes before the name's.
        #expect(try Self.row(catalog, "dated/20240504_111111.jpg").source == "original")
    }

    @Test func aRowGivenADayByItsFileTimeIsReadAgainAndLosesIt() throws {
        let fixture = try PhotoFolderFixture(["misc/holiday.jpg": "names/with space.jpg"])
        try fixture.index()
        let catalog = try fixture.catalog()
        try catalog.database.execute("UPDATE photos SET taken_day = '2026-11-29'")
        #expect(try fixture.index().changed == 1)
        #expect(try Self.row(catalog, "misc/holiday.jpg").day == nil)
        #expect(try fixture.index().changed == 0)
    }

    @Test func aRowDatedByItsFileTimeIsReadAgainForItsName() throws {
        let fixture = try PhotoFolderFixture(["IMG-20240504-WA0001.jpg": "names/with space.jpg"])
        try fixture.index()
        let catalog = try fixture.catalog()
        // As a Filmroll that read no names left it.
        try catalog.database.execute("""
            UPDATE photos SET taken_at = '2026-11-29T08:00:00', taken_day = '2026-11-29', taken_source = 'fileTime',
                              taken_from_mtime = 1
            """)
        let summary = try fixture.index()
        #expect(summary.changed == 1)
        let row = try Self.row(catalog, "IMG-20240504-WA0001.jpg")
        #expect(row.day == "2024-05-04" && row.source == "fileName" && row.fromTime == 0)
        #expect(try fixture.index().changed == 0)
    }
}
