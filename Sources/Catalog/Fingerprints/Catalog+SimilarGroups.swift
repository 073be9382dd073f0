extension Catalog {
    /// One member of a group as `similar_groups` keeps it.
    public struct SimilarMember: Sendable, Hashable {
        public var photoID: Int64
        /// "copy", "burst" or "similar".
        public var kind: String
        /// The row of the group's best photo.
        public var leadID: Int64
        public var distance: Int

        public init(photoID: Int64, kind: String, leadID: Int64, distance: Int) {
            self.photoID = photoID
            self.kind = kind
            self.leadID = leadID
            self.distance = distance
        }
    }

    /// Replaces the groups kept with `members`, in one transaction.
    public func storeSimilarGroups(_ members: [SimilarMember]) throws {
        guard keepsFingerprints else { return }
        try database.transaction {
            try database.execute("DELETE FROM similar_groups")
            for member in members {
                _ = try database.execute("""
                    INSERT OR REPLACE INTO similar_groups (photo_id, kind, lead_id, distance)
                    SELECT id, ?, ?, ? FROM photos WHERE id = ?
                    """, [member.kind, member.leadID, member.distance, member.photoID])
            }
        }
    }

    /// The groups kept, member by member.
    public func similarMembers() throws(DatabaseError) -> [SimilarMember] {
        guard keepsFingerprints else { return [] }
        return try database.rows("SELECT photo_id, kind, lead_id, distance FROM similar_groups ORDER BY lead_id, photo_id")
            .compactMap { row in
                guard let id = row[0].int, let kind = row[1].string, let lead = row[2].int else { return nil }
                return SimilarMember(photoID: Int64(id), kind: kind, leadID: Int64(lead), distance: row[3].int ?? 0)
            }
    }

    /// The copies of each set but its best (present and readable), by the best's row, by path.
    public func copyFrames() throws(DatabaseError) -> [Int64: [PhotoRecord]] {
        guard keepsFingerprints else { return [:] }
        var copies: [Int64: [PhotoRecord]] = [:]
        for row in try database.rows("""
            SELECT g.lead_id, \(photoColumns.split(separator: ",").map { "p." + $0.trimmingCharacters() }.joined(separator: ", "))
            FROM similar_groups AS g JOIN photos AS p ON p.id = g.photo_id
            WHERE g.kind = 'copy' AND g.lead_id <> g.photo_id AND p.missing = 0 AND p.error IS NULL
            ORDER BY p.path
            """) {
            guard let lead = row[0].int else { continue }
            copies[Int64(lead), default: []].append(PhotoRecord(row: row))
        }
        return copies
    }
}

extension Catalog {
    /// The capture days of the rows `ids`, and the paths of those without one.
    public func placement(ofPhotos ids: Set<Int64>) throws(DatabaseError) -> (days: Set<String>, undated: Set<String>) {
        var days = Set<String>(), undated = Set<String>()
        try database.forEachRow("SELECT taken_day, path FROM photos WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))",
                                [Self.jsonArray(ids.sorted().map(String.init))]) { row in
            if let day = row[0].string { days.insert(day) } else if let path = row[1].string { undated.insert(path) }
        }
        return (days, undated)
    }
}

extension Catalog {
    /// The rows `ids`, whatever their state.
    public func photos(ids: Set<Int64>) throws(DatabaseError) -> [PhotoRecord] {
        try database.rows("""
            SELECT \(photoColumns) FROM photos WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))
            """, [Self.jsonArray(ids.sorted().map(String.init))]).map(PhotoRecord.init)
    }
}
