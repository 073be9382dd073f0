/// Schema version 11: the totals `stats` reports, kept by triggers as rows
/// change, so that `stats` reads a row and a few cameras instead of walking
/// every photo (at 100,000 photos, four scans of an index cost some 120 ms).
///
/// `item_totals` is one row; `camera_totals` one row per (make, model) with
/// items, NULL kept as ''. Each trigger takes a row's share out (the old
/// row) and puts it in (the new row), by the conditions `CatalogStats`
/// names; an update touches them only when a column they read changes.
/// Frozen once released, like every migration: a later change is a new one.
enum ItemTotalsSchema {
    static let version = 11

    /// The conditions, on `row` (`new` or `old`), under which a row counts
    /// in each total. The same as `Catalog.liveStats()`'s.
    private static func shares(_ row: String) -> [(column: String, value: String)] {
        let present = "\(row).missing = 0 AND \(row).error IS NULL"
        return [
            ("photos", "(\(present) AND \(row).duration IS NULL AND \(row).burst_lead_id IS NULL)"),
            ("videos", "(\(present) AND \(row).duration IS NOT NULL AND \(row).live_still_id IS NULL)"),
            ("live_photos", "(\(present) AND \(row).live_still_id IS NOT NULL)"),
            ("motion_photos", "(\(present) AND \(row).duration IS NULL AND \(row).motion_kind IS NOT NULL)"),
            ("missing", "(\(row).missing != 0)"),
            ("failed", "(\(row).missing = 0 AND \(row).error IS NOT NULL)"),
            ("bytes", "(CASE WHEN \(row).missing = 0 THEN \(row).bytes ELSE 0 END)"),
        ]
    }

    /// A row counts for its camera when it is an item of its own.
    private static func countsForCamera(_ row: String) -> String {
        "\(row).missing = 0 AND \(row).error IS NULL AND \(row).live_still_id IS NULL AND \(row).burst_lead_id IS NULL"
    }

    private static func addShare(of row: String) -> String {
        """
        UPDATE item_totals SET \(shares(row).map { "\($0.column) = \($0.column) + \($0.value)" }.joined(separator: ", "));
            INSERT INTO camera_totals (make, model, items) SELECT coalesce(\(row).make, ''), coalesce(\(row).model, ''), 1
                WHERE \(countsForCamera(row)) ON CONFLICT (make, model) DO UPDATE SET items = items + 1;
        """
    }

    private static func removeShare(of row: String) -> String {
        """
        UPDATE item_totals SET \(shares(row).map { "\($0.column) = \($0.column) - \($0.value)" }.joined(separator: ", "));
            UPDATE camera_totals SET items = items - 1
                WHERE make = coalesce(\(row).make, '') AND model = coalesce(\(row).model, '') AND \(countsForCamera(row));
            DELETE FROM camera_totals WHERE make = coalesce(\(row).make, '') AND model = coalesce(\(row).model, '') AND items <= 0;
        """
    }

    /// The columns the totals read: an update of any other leaves them as they are.
    private static let readColumns = "missing, error, duration, live_still_id, burst_lead_id, motion_kind, bytes, make, model"

    static let migration: String = """
        CREATE TABLE item_totals (
            photos INTEGER NOT NULL, videos INTEGER NOT NULL, live_photos INTEGER NOT NULL,
            motion_photos INTEGER NOT NULL, missing INTEGER NOT NULL, failed INTEGER NOT NULL, bytes INTEGER NOT NULL
        );
        INSERT INTO item_totals SELECT \(shares("p").map { "coalesce(sum(\($0.value)), 0)" }.joined(separator: ", ")) FROM photos AS p;
        CREATE TABLE camera_totals (
            make TEXT NOT NULL, model TEXT NOT NULL, items INTEGER NOT NULL, PRIMARY KEY (make, model)
        ) WITHOUT ROWID;
        INSERT INTO camera_totals SELECT coalesce(p.make, ''), coalesce(p.model, ''), count(*) FROM photos AS p
            WHERE \(countsForCamera("p")) GROUP BY 1, 2;
        CREATE TRIGGER photos_totals_inserted AFTER INSERT ON photos BEGIN
            \(addShare(of: "new"))
        END;
        CREATE TRIGGER photos_totals_deleted AFTER DELETE ON photos BEGIN
            \(removeShare(of: "old"))
        END;
        CREATE TRIGGER photos_totals_updated AFTER UPDATE OF \(readColumns) ON photos BEGIN
            \(removeShare(of: "old"))
            \(addShare(of: "new"))
        END;
        CREATE INDEX photos_burst_leads ON photos(burst_lead_id) WHERE burst_lead_id IS NOT NULL;
        """
}
