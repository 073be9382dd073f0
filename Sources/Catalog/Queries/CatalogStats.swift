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
    /// The totals, each from its own narrow query: SQLite runs a few simple counts
    /// over an index faster than one pass evaluating every total on every row
    /// (at 100,000 photos, 37 ms against 77 ms).
    public func stats() throws(DatabaseError) -> CatalogStats {
        var stats = CatalogStats()
        let present = "missing = 0 AND error IS NULL"
        let totals = try database.rows("""
            SELECT count(*) FILTER (WHERE \(present) AND duration IS NULL AND burst_lead_id IS NULL),
                   count(*) FILTER (WHERE missing != 0),
                   count(*) FILTER (WHERE missing = 0 AND error IS NOT NULL),
                   coalesce(sum(bytes) FILTER (WHERE missing = 0), 0),
                   count(*) FILTER (WHERE \(present) AND duration IS NOT NULL AND live_still_id IS NULL),
                   count(*) FILTER (WHERE \(present) AND live_still_id IS NOT NULL),
                   count(*) FILTER (WHERE \(present) AND duration IS NULL AND motion_kind IS NOT NULL)
            FROM photos
            """)[0]
        stats.photos = totals[0].int ?? 0
        stats.missing = totals[1].int ?? 0
        stats.failed = totals[2].int ?? 0
        stats.bytes = totals[3].int ?? 0
        stats.videos = totals[4].int ?? 0
        stats.livePhotos = totals[5].int ?? 0
        stats.motionPhotos = totals[6].int ?? 0
        let days = try database.rows("SELECT min(taken_day), max(taken_day) FROM photos WHERE \(present)")[0]
        stats.firstDay = days[0].string
        stats.lastDay = days[1].string
        stats.bursts = try database.rows("""
            SELECT count(DISTINCT burst_lead_id) FROM photos WHERE \(present) AND burst_lead_id IS NOT NULL
            """)[0][0].int ?? 0
        for row in try database.rows("SELECT kind, count(*) FROM outputs GROUP BY kind ORDER BY kind") {
            stats.outputs[row[0].string ?? ""] = row[1].int ?? 0
        }
        stats.cameras = try cameraCounts()
        return stats
    }

    /// Items per camera, most first. The `+` keeps SQLite from reading these terms
    /// through `photos_summary`, so that it walks `photos_cameras`, already in
    /// (make, model) order; two pairs that read as one name are counted as one.
    private func cameraCounts() throws(DatabaseError) -> [(name: String, photos: Int)] {
        var counts: [String: Int] = [:]
        for row in try database.rows("""
            SELECT trim(coalesce(make, '') || ' ' || coalesce(model, '')), count(*) FROM photos
            WHERE +missing = 0 AND +error IS NULL AND +live_still_id IS NULL AND +burst_lead_id IS NULL
            GROUP BY make, model
            """) {
            let name = row[0].string ?? ""
            counts[name.isEmpty ? "unknown" : name, default: 0] += row[1].int ?? 0
        }
        return counts.map { (name: $0.key, photos: $0.value) }
            .sorted { $0.photos != $1.photos ? $0.photos > $1.photos : $0.name < $1.name }
    }
}
