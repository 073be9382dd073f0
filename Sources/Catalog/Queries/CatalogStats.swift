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
    public func stats() throws(DatabaseError) -> CatalogStats {
        var stats = CatalogStats()
        let totals = try database.rows("""
            SELECT sum(missing = 0 AND error IS NULL AND duration IS NULL AND burst_lead_id IS NULL), sum(missing),
                   sum(error IS NOT NULL AND missing = 0),
                   coalesce(sum(CASE WHEN missing = 0 THEN bytes END), 0),
                   min(CASE WHEN missing = 0 AND error IS NULL THEN taken_day END),
                   max(CASE WHEN missing = 0 AND error IS NULL THEN taken_day END),
                   sum(missing = 0 AND error IS NULL AND duration IS NOT NULL AND live_still_id IS NULL),
                   sum(missing = 0 AND error IS NULL AND live_still_id IS NOT NULL),
                   sum(missing = 0 AND error IS NULL AND duration IS NULL AND motion_kind IS NOT NULL),
                   count(DISTINCT CASE WHEN missing = 0 AND error IS NULL THEN burst_lead_id END)
            FROM photos
            """)[0]
        stats.photos = totals[0].int ?? 0
        stats.missing = totals[1].int ?? 0
        stats.failed = totals[2].int ?? 0
        stats.bytes = totals[3].int ?? 0
        stats.firstDay = totals[4].string
        stats.lastDay = totals[5].string
        stats.videos = totals[6].int ?? 0
        stats.livePhotos = totals[7].int ?? 0
        stats.motionPhotos = totals[8].int ?? 0
        stats.bursts = totals[9].int ?? 0
        for row in try database.rows("SELECT kind, count(*) FROM outputs GROUP BY kind ORDER BY kind") {
            stats.outputs[row[0].string ?? ""] = row[1].int ?? 0
        }
        for row in try database.rows("""
            SELECT trim(coalesce(make, '') || ' ' || coalesce(model, '')) AS camera, count(*) AS n FROM photos
            WHERE missing = 0 AND error IS NULL AND live_still_id IS NULL AND burst_lead_id IS NULL GROUP BY camera ORDER BY n DESC, camera
            """) {
            let name = row[0].string ?? ""
            stats.cameras.append((name.isEmpty ? "unknown" : name, row[1].int ?? 0))
        }
        return stats
    }
}
