import CImaging

/// A SQLite connection the GRDB way: statements prepared once and cached,
/// typed bindings, transactions as closures that commit or roll back, and
/// errors that carry the result code, message and SQL.
///
/// A connection belongs to one thread at a time.
public final class Database {
    let handle: OpaquePointer
    public let path: String
    private var statements: [String: Statement] = [:]

    /// Opens `path`, creating it when `create`. Waits up to `busyTimeout`
    /// milliseconds for another process's lock before failing with busy.
    public init(path: String, create: Bool = true, busyTimeout: Int = 30_000) throws(DatabaseError) {
        var connection: OpaquePointer?
        var error = cimg_error()
        let code = path.withCString { cimg_db_open($0, create ? 1 : 0, Int32(busyTimeout), &connection, &error) }
        guard code == 0, let connection else {
            throw DatabaseError(code: ResultCode(rawValue: code), message: error.text)
        }
        self.handle = connection
        self.path = path
    }

    deinit {
        statements.removeAll()
        cimg_db_close(handle)
    }

    /// Runs SQL that returns no rows (several statements allowed).
    public func execute(_ sql: String) throws(DatabaseError) {
        var error = cimg_error()
        let code = sql.withCString { cimg_db_exec(handle, $0, &error) }
        if code != 0 { throw DatabaseError(code: ResultCode(rawValue: code), message: error.text, sql: sql) }
    }

    /// Runs one statement with `arguments`; returns the rows changed.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValueConvertible]) throws(DatabaseError) -> Int {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        while try statement.step() {}
        return Int(cimg_db_changes(handle))
    }

    /// All rows of a query.
    public func rows(_ sql: String, _ arguments: [DatabaseValueConvertible] = []) throws(DatabaseError) -> [Row] {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        var rows: [Row] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// Calls `body` for each row without collecting them.
    public func forEachRow(_ sql: String, _ arguments: [DatabaseValueConvertible] = [],
                           _ body: (Row) throws(DatabaseError) -> Void) throws(DatabaseError) {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        while try statement.step() { try body(statement.row()) }
    }

    /// The first column of the first row, if any.
    public func value(_ sql: String, _ arguments: [DatabaseValueConvertible] = []) throws(DatabaseError) -> DatabaseValue {
        try rows(sql, arguments).first?[0] ?? .null
    }

    public var lastInsertedRowID: Int64 { cimg_db_last_insert_rowid(handle) }

    /// Runs `body` in a transaction (BEGIN IMMEDIATE, so writers queue up
    /// at the start instead of deadlocking later): committed when it
    /// returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(database: self, sql: sql, persistent: true)
        statements[sql] = statement
        return statement
    }

    func error(_ code: Int32, sql: String?) -> DatabaseError {
        DatabaseError(code: ResultCode(rawValue: code), message: String(cString: cimg_db_message(handle)), sql: sql)
    }
}
