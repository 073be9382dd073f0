extension Catalog {
    /// The first and the last day with a readable photo that is there, if any.
    ///
    /// Read in `photos_summary`'s order (missing, taken_day, error): the first
    /// row that qualifies is the answer, where `min()` and `max()` under the
    /// `error IS NULL` condition walk every row (at 100,000 photos, 22 ms each).
    public func takenDayRange() throws(DatabaseError) -> (first: String, last: String)? {
        guard let first = try edgeDay(order: "ASC"), let last = try edgeDay(order: "DESC") else { return nil }
        return (first, last)
    }

    private func edgeDay(order: String) throws(DatabaseError) -> String? {
        try database.rows("""
            SELECT taken_day FROM photos WHERE missing = 0 AND taken_day IS NOT NULL AND error IS NULL
            ORDER BY missing \(order), taken_day \(order) LIMIT 1
            """).first?[0].string
    }
}
