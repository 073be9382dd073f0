@testable import Catalog
import Testing

/// `stats` counts each kind of item once, from narrow queries.
@Suite struct CatalogStatsTests {
    /// One item of every kind (a Live Photo, a video, a motion photo, a burst of two),
    /// one photo gone and one unreadable.
    static let rows = """
        INSERT INTO photos (id, path, bytes, mtime_ns, indexed_at, taken_day, make, model, missing, error,
                            duration, live_still_id, burst_lead_id, motion_kind) VALUES
          (1, 'a.jpg', 10, 1, 'now', '2024-03-01', 'Apple', 'iPhone 12', 0, NULL, NULL, NULL, NULL, NULL),
          (2, 'b.jpg', 20, 1, 'now', '2024-03-02', '', 'Apple iPhone 12', 0, NULL, NULL, NULL, NULL, NULL),
          (3, 'b.mov', 30, 1, 'now', '2024-03-02', 'Apple', 'iPhone 12', 0, NULL, 2.5, 2, NULL, NULL),
          (4, 'c.mp4', 40, 1, 'now', '2025-01-05', NULL, NULL, 0, NULL, 9.0, NULL, NULL, NULL),
          (5, 'd.jpg', 50, 1, 'now', '2023-12-31', 'Google', 'Pixel 7', 0, NULL, NULL, NULL, NULL, 'google'),
          (6, 'e1.jpg', 60, 1, 'now', '2024-06-01', 'Google', 'Pixel 7', 0, NULL, NULL, NULL, 6, NULL),
          (7, 'e2.jpg', 70, 1, 'now', '2024-06-01', 'Google', 'Pixel 7', 0, NULL, NULL, NULL, 6, NULL),
          (8, 'f.jpg', 80, 1, 'now', '2020-01-01', 'Google', 'Pixel 7', 1, NULL, NULL, NULL, NULL, NULL),
          (9, 'g.jpg', 90, 1, 'now', NULL, NULL, NULL, 0, 'truncated', NULL, NULL, NULL, NULL)
        """

    @Test func eachTotalCountsItsOwnRows() throws {
        let fixture = try PhotoFolderFixture([:])
        let catalog = try fixture.catalog()
        try catalog.database.execute(Self.rows)
        let stats = try catalog.stats()
        // Stills: a, b, d and the burst's lead (its other frame is not one); not the
        // MOV, the video, the missing or the failed.
        #expect(stats.photos == 3)
        #expect(stats.videos == 1)
        #expect(stats.livePhotos == 1)
        #expect(stats.motionPhotos == 1)
        #expect(stats.bursts == 1)
        #expect(stats.missing == 1)
        #expect(stats.failed == 1)
        #expect(stats.bytes == 10 + 20 + 30 + 40 + 50 + 60 + 70 + 90)
        #expect(stats.firstDay == "2023-12-31" && stats.lastDay == "2025-01-05")
        // "Apple" + "iPhone 12" and "" + "Apple iPhone 12" read as one camera; the
        // video with no camera is "unknown"; ties in name order.
        #expect(stats.cameras.map(\.name) == ["Apple iPhone 12", "Google Pixel 7", "unknown"])
        #expect(stats.cameras.map(\.photos) == [2, 1, 1])
    }

    /// Per camera, SQLite walks the index already in camera order: no sort of the
    /// whole table, which at 100,000 photos cost as much as every other total.
    @Test func camerasAreCountedFromTheirIndexWithoutASort() throws {
        let catalog = try PhotoFolderFixture([:]).catalog()
        let plan = try catalog.database.rows("""
            EXPLAIN QUERY PLAN SELECT trim(coalesce(make, '') || ' ' || coalesce(model, '')), count(*) FROM photos
            WHERE +missing = 0 AND +error IS NULL AND +live_still_id IS NULL AND +burst_lead_id IS NULL
            GROUP BY make, model
            """).compactMap { $0[3].string }.joined(separator: "\n")
        #expect(plan.contains("COVERING INDEX photos_cameras"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }
}
