/// Totals of a catalog, for `filmroll stats`.
public struct CatalogStats: Sendable, Equatable {
    /// Stills (a Live Photo and a motion photo among them).
    public var photos = 0
    /// Videos of their own (not a Live Photo's MOV).
    public var videos = 0
    /// Stills with a MOV of their own, and stills with a video inside.
    public var livePhotos = 0
    public var motionPhotos = 0
    /// Bursts, each one item (its other frames are not counted among `photos`).
    public var bursts = 0
    public var missing = 0
    public var failed = 0
    public var bytes = 0
    public var outputs: [String: Int] = [:]
    public var firstDay: String?
    public var lastDay: String?
    /// Photos per camera, most first.
    public var cameras: [(name: String, photos: Int)] = []

    public static func == (lhs: CatalogStats, rhs: CatalogStats) -> Bool {
        lhs.photos == rhs.photos && lhs.videos == rhs.videos && lhs.livePhotos == rhs.livePhotos
            && lhs.motionPhotos == rhs.motionPhotos && lhs.bursts == rhs.bursts
            && lhs.missing == rhs.missing && lhs.failed == rhs.failed && lhs.bytes == rhs.bytes
            && lhs.outputs == rhs.outputs && lhs.firstDay == rhs.firstDay && lhs.lastDay == rhs.lastDay
            && lhs.cameras.map(\.name) == rhs.cameras.map(\.name) && lhs.cameras.map(\.photos) == rhs.cameras.map(\.photos)
    }
}

extension Catalog {
    /// The totals: read from `item_totals` and `camera_totals`, which triggers
    /// keep (schema version 11), or counted from the photos in a catalog read
    /// as it is at an older version. The first and last day and the bursts come
    /// from indexes either way (`photos_burst_leads`: a few rows).
    public func stats() throws(DatabaseError) -> CatalogStats {
        try stats(counting: schemaVersion < ItemTotalsSchema.version)
    }

    /// The totals, counted from the photos when `counting` (a test compares the two ways).
    func stats(counting: Bool) throws(DatabaseError) -> CatalogStats {
        var stats = counting ? try countedTotals() : try storedTotals()
        let present = "missing = 0 AND error IS NULL"
        (stats.firstDay, stats.lastDay) = try takenDayRange().map { ($0.first, $0.last) } ?? (nil, nil)
        stats.bursts = try database.rows("""
            SELECT count(DISTINCT burst_lead_id) FROM photos WHERE burst_lead_id IS NOT NULL AND \(present)
            """)[0][0].int ?? 0
        for row in try database.rows("SELECT kind, count(*) FROM outputs GROUP BY kind ORDER BY kind") {
            stats.outputs[row[0].string ?? ""] = row[1].int ?? 0
        }
        return stats
    }

    /// The totals the triggers keep.
    private func storedTotals() throws(DatabaseError) -> CatalogStats {
        var stats = CatalogStats()
        stats.setTotals(try database.rows("""
            SELECT photos, videos, live_photos, motion_photos, missing, failed, bytes FROM item_totals
            """).first)
        stats.cameras = Self.cameras(try database.rows("SELECT make, model, items FROM camera_totals WHERE items > 0"))
        return stats
    }

    /// The totals counted from the photos, each from its own narrow query: SQLite
    /// runs a few simple counts over an index faster than one pass evaluating every
    /// total on every row. The conditions are `ItemTotalsSchema`'s.
    private func countedTotals() throws(DatabaseError) -> CatalogStats {
        var stats = CatalogStats()
        let present = "missing = 0 AND error IS NULL"
        stats.setTotals(try database.rows("""
            SELECT count(*) FILTER (WHERE \(present) AND duration IS NULL AND burst_lead_id IS NULL),
                   count(*) FILTER (WHERE \(present) AND duration IS NOT NULL AND live_still_id IS NULL),
                   count(*) FILTER (WHERE \(present) AND live_still_id IS NOT NULL),
                   count(*) FILTER (WHERE \(present) AND duration IS NULL AND motion_kind IS NOT NULL),
                   count(*) FILTER (WHERE missing != 0),
                   count(*) FILTER (WHERE missing = 0 AND error IS NOT NULL),
                   coalesce(sum(bytes) FILTER (WHERE missing = 0), 0)
            FROM photos
            """).first)
        // The `+` keeps SQLite from reading these terms through `photos_summary`, so
        // that it walks `photos_cameras`, already in (make, model) order.
        stats.cameras = Self.cameras(try database.rows("""
            SELECT make, model, count(*) FROM photos
            WHERE +missing = 0 AND +error IS NULL AND +live_still_id IS NULL AND +burst_lead_id IS NULL
            GROUP BY make, model
            """))
        return stats
    }

    /// Items per camera from (make, model, items) rows, most first; two pairs
    /// that read as one name ("Apple" "iPhone 12" and "" "Apple iPhone 12") are
    /// one camera, and no name is "unknown".
    private static func cameras(_ rows: [Row]) -> [(name: String, photos: Int)] {
        var counts: [String: Int] = [:]
        for row in rows {
            let name = Substring((row[0].string ?? "") + " " + (row[1].string ?? "")).trimmingCharacters()
            counts[name.isEmpty ? "unknown" : name, default: 0] += row[2].int ?? 0
        }
        return counts.map { (name: $0.key, photos: $0.value) }
            .sorted { $0.photos != $1.photos ? $0.photos > $1.photos : $0.name < $1.name }
    }
}

extension CatalogStats {
    /// Photos, videos, Live Photos, motion photos, missing, failed and bytes, in
    /// that order, from a row of them (0 for NULL or a short row).
    fileprivate mutating func setTotals(_ row: Row?) {
        let values = (row?.values ?? []).map { $0.int ?? 0 } + Array(repeating: 0, count: 7)
        (photos, videos, livePhotos, motionPhotos) = (values[0], values[1], values[2], values[3])
        (missing, failed, bytes) = (values[4], values[5], values[6])
    }
}
