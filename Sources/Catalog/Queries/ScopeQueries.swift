import Imaging

/// What a re-run after a few changes reads instead of every photo
/// (`FolderProcess`'s scope): the photos of some days, each day's count,
/// cover and positions, and every item's path (for names shared by stem).
extension Catalog {
    /// Items (as `PhotoQuery()` takes them) of `days` ("YYYY-MM-DD") and at `paths`, in time order.
    public func items(inDays days: Set<String>, paths: Set<String> = []) throws(DatabaseError) -> [PhotoRecord] {
        let (condition, arguments) = PhotoQuery.galleryItems.sql
        var records = try database.rows("""
            SELECT \(photoColumns) FROM photos
            WHERE \(condition) AND taken_day IN (SELECT value FROM json_each(?)) ORDER BY taken_at, path
            """, arguments + [Self.jsonArray(days.sorted())]).map(PhotoRecord.init)
        if !paths.isEmpty {
            let known = Set(records.map(\.id))
            records += try database.rows("""
                SELECT \(photoColumns) FROM photos
                WHERE \(condition) AND path IN (SELECT value FROM json_each(?)) ORDER BY taken_at, path
                """, arguments + [Self.jsonArray(paths.sorted())]).map(PhotoRecord.init).filter { !known.contains($0.id) }
        }
        return records
    }

    /// Every row of `days` and at `paths`, whatever its state (missing, unreadable, a Live Photo's MOV).
    public func rows(inDays days: Set<String>, paths: Set<String> = []) throws(DatabaseError) -> [PhotoRecord] {
        try database.rows("""
            SELECT \(photoColumns) FROM photos
            WHERE taken_day IN (SELECT value FROM json_each(?)) OR path IN (SELECT value FROM json_each(?))
            """, [Self.jsonArray(days.sorted()), Self.jsonArray(paths.sorted())]).map(PhotoRecord.init)
    }

    /// Each day with items: how many, how many of them videos.
    public func itemDays() throws(DatabaseError) -> [(day: String, items: Int, videos: Int)] {
        let (condition, arguments) = PhotoQuery.galleryItems.sql
        return try database.rows("""
            SELECT taken_day, count(*), sum(duration IS NOT NULL) FROM photos
            WHERE \(condition) AND taken_day IS NOT NULL GROUP BY taken_day ORDER BY taken_day
            """, arguments).compactMap { row in
            row[0].string.map { ($0, row[1].int ?? 0, row[2].int ?? 0) }
        }
    }

    /// The first item of each day (in time order, then by path) but `excluding`.
    public func dayCovers(excluding: Set<String>) throws(DatabaseError) -> [PhotoRecord] {
        let (condition, arguments) = PhotoQuery.galleryItems.sql
        return try database.rows("""
            SELECT \(photoColumns) FROM (
                SELECT *, row_number() OVER (PARTITION BY taken_day ORDER BY taken_at, path) AS place FROM photos
                WHERE \(condition) AND taken_day IS NOT NULL
            ) WHERE place = 1 ORDER BY taken_day
            """, arguments).map(PhotoRecord.init).filter { !excluding.contains(String(($0.takenAt ?? "").prefix(10))) }
    }

    /// Where each day's items were taken (those with a position), by day.
    public func positionsByDay() throws(DatabaseError) -> [String: [(latitude: Double, longitude: Double)]] {
        let (condition, arguments) = PhotoQuery.galleryItems.sql
        var positions: [String: [(latitude: Double, longitude: Double)]] = [:]
        try database.forEachRow("""
            SELECT taken_day, latitude, longitude FROM photos
            WHERE \(condition) AND taken_day IS NOT NULL AND latitude IS NOT NULL AND longitude IS NOT NULL
            ORDER BY taken_at, path
            """, arguments) { row in
            guard let day = row[0].string, let latitude = row[1].double, let longitude = row[2].double,
                  let position = GPSCoordinate(reading: latitude, longitude) else { return }
            positions[day, default: []].append((position.latitude, position.longitude))
        }
        return positions
    }

    /// The paths of the items without a capture day.
    public func undatedItemPaths() throws(DatabaseError) -> [String] {
        let (condition, arguments) = PhotoQuery.galleryItems.sql
        return try database.rows("SELECT path FROM photos WHERE \(condition) AND taken_day IS NULL ORDER BY path", arguments)
            .compactMap { $0[0].string }
    }

    /// Every item's path.
    public func itemPaths() throws(DatabaseError) -> [String] {
        let (condition, arguments) = PhotoQuery.galleryItems.sql
        var paths: [String] = []
        try database.forEachRow("SELECT path FROM photos WHERE \(condition)", arguments) { row in
            if let path = row[0].string { paths.append(path) }
        }
        return paths
    }

    /// The outputs (absolute paths) made from the rows of `days` or at `paths`, whatever their state.
    public func outputPaths(ofPhotosInDays days: Set<String>, paths: Set<String> = []) throws(DatabaseError) -> [String] {
        try database.rows("""
            SELECT DISTINCT o.path FROM outputs AS o JOIN output_sources AS s ON s.output_id = o.id
            JOIN photos AS p ON p.id = s.photo_id
            WHERE p.taken_day IN (SELECT value FROM json_each(?)) OR p.path IN (SELECT value FROM json_each(?))
            """, [Self.jsonArray(days.sorted()), Self.jsonArray(paths.sorted())]).compactMap { $0[0].string.map(pathCodec.absolute) }
    }

    /// `strings` as a JSON array, for `json_each`.
    static func jsonArray(_ strings: [String]) -> String {
        var text = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { text += "," }
            text += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case _ where scalar.value < 0x20: text += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
                default: text.unicodeScalars.append(scalar)
                }
            }
            text += "\""
        }
        return text + "]"
    }
}
