/// Reads what can still be read from a damaged database, row by row.
///
/// A scan stops at the first unreadable page. Here a failed scan starts
/// again at the next rowid, one further each time, until a seek lands
/// beyond the damaged page; so one bad page loses only the rows on it (a
/// damaged interior page, the rows below it).
struct SalvageReader {
    let database: Database
    /// Failed seeks in a row after which a table is given up: few when its
    /// largest rowid cannot be read either (a seek costs some 20 µs).
    var maximumSkip = 10_000
    var maximumSkipToLastRow = 1_000_000

    /// What could be read from one table.
    struct Table {
        var rows: [Row] = []
        /// Seeks that met damage (0 when the table read cleanly).
        var failures = 0
        /// The number of rows the table had, when its count can be read
        /// (SQLite counts through an index, if one is smaller).
        var expected: Int?
        /// The error that stopped the reading other than a damaged page, if any.
        var problem: DatabaseError?

        /// Rows that were in the table but could not be read.
        var lost: Int { failures == 0 ? 0 : expected.map { max(0, $0 - rows.count) } ?? failures }
    }

    /// Every readable row of `table` as `rowid, columns`, in rowid order.
    func read(_ table: String, columns: String) -> Table {
        var result = Table()
        result.expected = try? database.value("SELECT count(*) FROM \(table)").int
        let last: Int64? = (try? database.value("SELECT max(rowid) FROM \(table)"))?.int.map(Int64.init)
        // The smallest rowid not read or skipped yet. (SeekGE lands on the page
        // where `next` would be, so a probe fails exactly while `next` is on the bad page.)
        var next = Int64.min
        var skipped = 0
        while true {
            do throws(DatabaseError) {
                try database.forEachRow("SELECT rowid, \(columns) FROM \(table) WHERE rowid >= ? ORDER BY rowid", [next]) { row in
                    let rowid = Int64(row[0].int ?? 0)
                    next = rowid == .max ? rowid : rowid + 1
                    skipped = 0
                    result.rows.append(row)
                }
                return result
            } catch where Self.isUnreadablePage(error) {
                result.failures += 1
                skipped += 1
                // Nothing read yet: go on from rowid 1, where rowids start.
                next = next == .min ? 1 : next + 1
                if let last, next > last { return result }
                if skipped > (last == nil ? maximumSkip : maximumSkipToLastRow) || next == .max { return result }
            } catch {
                result.problem = error
                return result
            }
        }
    }

    /// A page that is damaged or could not be read from the disk. (A file
    /// that is not a database at all fails every read: not a page's fault.)
    static func isUnreadablePage(_ error: DatabaseError) -> Bool {
        error.code.primary == .corrupt || error.code.primary == .ioError
    }
}
