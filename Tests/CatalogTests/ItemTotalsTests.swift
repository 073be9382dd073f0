import Files
@testable import Catalog
import Testing

/// The totals the triggers keep (`ItemTotalsSchema`) are the totals counted
/// from the photos, however rows come, change and go.
@Suite struct ItemTotalsTests {

    private static func expectSame(_ catalog: Catalog, _ comment: Comment) throws {
        let stored = try catalog.stats(counting: false)
        let counted = try catalog.stats(counting: true)
        #expect(stored == counted, comment)
    }

    @Test func insertsUpdatesAndDeletesKeepTheTotals() throws {
        let catalog = try PhotoFolderFixture([:]).catalog()
        #expect(try catalog.stats().photos == 0)
        try catalog.database.execute(CatalogStatsTests.rows)
        try Self.expectSame(catalog, "inserted")
        #expect(try catalog.stats().photos == 3 && catalog.stats().bytes == 370)   // f.jpg is gone
        let changes = [
            "UPDATE photos SET missing = 1 WHERE id = 1",                       // a photo gone
            "UPDATE photos SET missing = 0 WHERE id = 8",                       // one back
            "UPDATE photos SET error = NULL WHERE id = 9",                      // read again, fine now
            "UPDATE photos SET make = 'Sony', model = 'A7' WHERE id = 5",       // another camera
            "UPDATE photos SET burst_lead_id = NULL WHERE id = 7",              // out of its burst
            "UPDATE photos SET live_still_id = NULL WHERE id = 3",              // the MOV on its own
            "UPDATE photos SET bytes = 1000 WHERE id = 2",                      // the file grew
            "UPDATE photos SET hash = 'x', taken_day = '2019-01-01' WHERE id = 4", // columns the totals do not read
            "DELETE FROM photos WHERE id IN (2, 6)",                            // pruned
        ]
        for change in changes {
            try catalog.database.execute(change)
            try Self.expectSame(catalog, "after \(change)")
        }
        let stats = try catalog.stats()
        // e2 out of its burst and f back (Pixel 7), the MOV a video of its own (iPhone 12), g read (unknown).
        #expect(stats.cameras.map(\.name) == ["Google Pixel 7", "unknown", "Apple iPhone 12", "Sony A7"])
        #expect(stats.cameras.map(\.photos) == [2, 2, 1, 1])
        // A camera with no item left has no row.
        try catalog.database.execute("DELETE FROM photos")
        try Self.expectSame(catalog, "emptied")
        #expect(try catalog.database.value("SELECT count(*) FROM camera_totals").int == 0)
        #expect(try catalog.stats().bytes == 0)
    }

    /// A catalog made before the totals (version 10) gains them, counted from its rows.
    @Test func aVersionTenCatalogGainsItsTotals() throws {
        let fixture = try PhotoFolderFixture([:])
        try Folders.create(fixture.path(".filmroll"))
        do {
            let old = try Database(path: fixture.path(".filmroll/catalog.sqlite"), create: true)
            try old.execute(CatalogSchema.current.replacingOccurrences(of: ItemTotalsSchema.migration, with: "")
                .replacingOccurrences(of: CatalogSchema.settingsTable, with: "")
                .replacingOccurrences(of: CatalogSchema.fingerprintsTable, with: "")
                .replacingOccurrences(of: ", frame_rate REAL", with: "")
                .replacingOccurrences(of: ", taken_time_unknown INTEGER", with: ""))
            try old.execute("PRAGMA user_version = 10")
            try old.execute(CatalogStatsTests.rows)
        }
        // Read as it is, the old catalog's totals are counted.
        let reader = try Catalog(folder: fixture.folder, access: .read)
        #expect(reader.schemaVersion == 10)
        #expect(try reader.stats().photos == 3)
        let catalog = try fixture.catalog()
        #expect(catalog.schemaVersion >= ItemTotalsSchema.version)
        #expect(try catalog.database.value("SELECT photos FROM item_totals").int == 3)
        try Self.expectSame(catalog, "migrated")
    }

    /// `ls --month` and `calendar --month` read a month as a range of `taken_day`,
    /// which its index answers, and keep its first and last day.
    @Test func aMonthIsARangeOfDaysOnTheIndex() throws {
        let catalog = try PhotoFolderFixture([:]).catalog()
        try catalog.database.execute("""
            INSERT INTO photos (path, bytes, mtime_ns, indexed_at, taken_at, taken_day) VALUES
              ('a.jpg', 1, 1, 'now', '2024-02-29T23:59:59', '2024-02-29'),
              ('b.jpg', 1, 1, 'now', '2024-03-01T00:00:00', '2024-03-01'),
              ('c.jpg', 1, 1, 'now', '2024-03-31T23:59:59', '2024-03-31'),
              ('d.jpg', 1, 1, 'now', '2024-04-01T00:00:00', '2024-04-01')
            """)
        #expect(try catalog.photos(matching: PhotoQuery(month: "2024-03")).map(\.path) == ["b.jpg", "c.jpg"])
        #expect(try catalog.calendar(year: 2024, month: 3).counts == [1: 1, 31: 1])
        let (condition, arguments) = PhotoQuery(month: "2024-03").sql
        let plan = try catalog.database.rows("EXPLAIN QUERY PLAN SELECT id FROM photos WHERE \(condition)", arguments)
            .compactMap { $0[3].string }.joined(separator: "\n")
        #expect(plan.contains("taken_day>? AND taken_day<?"), "\(plan)")
        #expect(try catalog.takenDayRange()?.first == "2024-02-29" && catalog.takenDayRange()?.last == "2024-04-01")
    }
}
