import CImaging
import Files

/// A SQLite connection the GRDB way: statements prepared once and cached,
/// typed bindings, transactions as closures that commit or roll back, and
/// errors that carry the result code, message and SQL.
///
/// Every statement is reset as soon as it is done (or fails), so that a
/// connection kept open holds no read transaction between calls: it sees
/// other processes' commits, and does not stop their checkpoints.
///
/// A connection belongs to one thread at a time.
public final class Database {
    let handle: OpaquePointer
    public let path: String
    public let mode: OpenMode
    private var statements: [String: Statement] = [:]

    /// How a file is opened.
    public enum OpenMode: Sendable, Equatable {
        /// Read and write, creating the file when it is missing.
        case create
        /// Read and write an existing file.
        case readWrite
        /// Read only, through a `file:` URI with `mode=ro`: never writes,
        /// never creates the file. `immutable` promises SQLite that nothing
        /// changes the file, so it takes no locks and needs no `-shm`: for
        /// files on read-only media, where no one else can write either.
        case readOnly(immutable: Bool)
    }

    /// Opens `path`, creating it when `create`. Waits up to `busyTimeout`
    /// milliseconds for another process's lock before failing with busy.
    public convenience init(path: String, create: Bool = true, busyTimeout: Int = 30_000) throws(DatabaseError) {
        try self.init(path: path, mode: create ? .create : .readWrite, busyTimeout: busyTimeout)
    }

    /// Opens `path` in `mode`. Waits up to `busyTimeout` milliseconds for
    /// another process's lock before failing with busy.
    public init(path: String, mode: OpenMode, busyTimeout: Int = 30_000) throws(DatabaseError) {
        var connection: OpaquePointer?
        var error = cimg_error()
        var systemErrno: Int32 = 0
        let (name, flags): (String, Int32) = switch mode {
        case .create: (path, Int32(CIMG_DB_CREATE))
        case .readWrite: (path, 0)
        case .readOnly(let immutable):
            (Self.readOnlyURI(path: path, immutable: immutable), Int32(CIMG_DB_READ_ONLY | CIMG_DB_URI))
        }
        let code = name.withPlatformPath { cimg_db_open($0, flags, Int32(busyTimeout), &connection, &systemErrno, &error) }
        guard code == 0, let connection else {
            throw DatabaseError(code: ResultCode(rawValue: code), message: error.text, systemErrno: systemErrno)
        }
        self.handle = connection
        self.path = path
        self.mode = mode
    }

    deinit {
        statements.removeAll()
        cimg_db_close(handle)
    }

    /// Runs SQL that returns no rows (several statements allowed).
    public func execute(_ sql: String) throws(DatabaseError) {
        var error = cimg_error()
        let code = sql.withCString { cimg_db_exec(handle, $0, &error) }
        if code != 0 {
            throw DatabaseError(code: ResultCode(rawValue: code), message: error.text, sql: sql,
                                systemErrno: cimg_db_system_errno(handle))
        }
    }

    /// Runs one statement with `arguments`; returns the rows changed.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValueConvertible]) throws(DatabaseError) -> Int {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        try statement.bind(arguments)
        while try statement.step() {}
        return Int(cimg_db_changes(handle))
    }

    /// All rows of a query.
    public func rows(_ sql: String, _ arguments: [DatabaseValueConvertible] = []) throws(DatabaseError) -> [Row] {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        try statement.bind(arguments)
        var rows: [Row] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// Calls `body` for each row without collecting them.
    public func forEachRow(_ sql: String, _ arguments: [DatabaseValueConvertible] = [],
                           _ body: (Row) throws(DatabaseError) -> Void) throws(DatabaseError) {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        try statement.bind(arguments)
        while try statement.step() { try body(statement.row()) }
    }

    /// The first column of the first row, if any.
    public func value(_ sql: String, _ arguments: [DatabaseValueConvertible] = []) throws(DatabaseError) -> DatabaseValue {
        try rows(sql, arguments).first?[0] ?? .null
    }

    public var lastInsertedRowID: Int64 { cimg_db_last_insert_rowid(handle) }

    /// True when the connection can only read: opened read-only, or the
    /// file could not be opened for writing (SQLite then falls back to reading).
    public var isReadOnly: Bool { cimg_db_readonly(handle) != 0 }

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
        DatabaseError(code: ResultCode(rawValue: code), message: String(cString: cimg_db_message(handle)), sql: sql,
                      systemErrno: cimg_db_system_errno(handle))
    }
}
