import Imaging

extension Catalog {
    /// Marks the rows dated by a name that carries no time of day
    /// ("IMG-20240504-WA0001.jpg") as having none (`taken_time_unknown`),
    /// reading each name again with `FileNameDate`; a row whose name now gives
    /// another day is left as it is. Run by the migration to version 13.
    func markNamedDatesWithoutTime() throws(DatabaseError) {
        let rows = try database.rows("SELECT id, path, taken_day FROM photos WHERE taken_source = 'fileName'")
        for row in rows {
            guard let path = row[1].string, let date = FileNameDate.date(in: path), !date.hasTimeOfDay,
                  date.dayString == row[2].string
            else { continue }
            _ = try database.execute("UPDATE photos SET taken_time_unknown = 1 WHERE id = ?", [row[0].int ?? 0])
        }
    }
}
