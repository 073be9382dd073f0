/// Writes a link column of the photos table (`live_still_id`,
/// `burst_lead_id`): each row's new value where it changed, and NULL on the
/// rows `staleCondition` names (a row that no longer qualifies), in one
/// transaction, nothing when nothing changed.
struct PhotoLinks {
    let database: Database
    let column: String

    /// - Parameters:
    ///   - rows: the rows looked at, each with the value it holds now.
    ///   - links: the value each should hold (absent: NULL).
    func update(_ rows: [(id: Int64, current: Int64?)], to links: [Int64: Int64], staleCondition: String) throws {
        let changed = rows.filter { links[$0.id] != $0.current }
        let stale = try database.rows("SELECT id FROM photos WHERE \(column) IS NOT NULL AND (\(staleCondition))")
            .compactMap { $0[0].int.map(Int64.init) }
        guard !changed.isEmpty || !stale.isEmpty else { return }
        try database.transaction {
            for id in stale { try database.execute("UPDATE photos SET \(column) = NULL WHERE id = ?", [id]) }
            for row in changed { try database.execute("UPDATE photos SET \(column) = ? WHERE id = ?", [links[row.id], row.id]) }
        }
    }
}
