import CImaging
import Files

/// A prepared statement: bind values, step through rows, read columns.
/// Finalized when released.
public final class Statement {
    let handle: OpaquePointer
    unowned let database: Database
    public let sql: String

    init(database: Database, sql: String, persistent: Bool) throws(DatabaseError) {
        var statement: OpaquePointer?
        var error = cimg_error()
        let code = sql.withCString { cimg_db_prepare(database.handle, $0, persistent ? 1 : 0, &statement, &error) }
        guard code == 0, let statement else {
            throw DatabaseError(code: ResultCode(rawValue: code), message: error.text, sql: sql,
                                systemErrno: cimg_db_system_errno(database.handle))
        }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit { cimg_stmt_finalize(handle) }

    /// Resets the statement and binds `values` to its parameters ?1, ?2, …
    func bind(_ values: [DatabaseValueConvertible]) throws(DatabaseError) {
        cimg_stmt_reset(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value.databaseValue {
            case .null: code = cimg_stmt_bind_null(handle, index)
            case .integer(let number): code = cimg_stmt_bind_int64(handle, index, number)
            case .real(let number): code = cimg_stmt_bind_double(handle, index, number)
            case .text(let text):
                // The bytes a path stands for (`PathBytes`): a name that is not UTF-8 is stored as it is.
                let bytes = PathBytes.encode(text)
                code = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { cimg_stmt_bind_text(handle, index, $0.baseAddress, Int32(buffer.count)) }
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { cimg_stmt_bind_blob(handle, index, $0.baseAddress, Int32($0.count)) }
            }
            if code != 0 { throw database.error(code, sql: sql) }
        }
    }

    /// Resets the statement after its last step, ending the read (or
    /// write) it holds when no transaction is open.
    func finish() {
        cimg_stmt_reset(handle)
    }

    /// Steps once: true when a row is ready, false when done.
    func step() throws(DatabaseError) -> Bool {
        let code = cimg_stmt_step(handle)
        if code == Int32(CIMG_SQL_ROW) { return true }
        if code == Int32(CIMG_SQL_DONE) { return false }
        throw database.error(code, sql: sql)
    }

    /// The current row's values.
    func row() -> Row {
        let count = Int(cimg_stmt_column_count(handle))
        var values: [DatabaseValue] = []
        values.reserveCapacity(count)
        for column in 0..<Int32(count) {
            // The type is read once, before the bytes: reading a blob as text converts the
            // value, and the type asked after that is TEXT.
            let type = cimg_stmt_column_type(handle, column)
            switch Int(type) {
            case Int(CIMG_SQL_INTEGER): values.append(.integer(cimg_stmt_column_int64(handle, column)))
            case Int(CIMG_SQL_FLOAT): values.append(.real(cimg_stmt_column_double(handle, column)))
            case Int(CIMG_SQL_TEXT), Int(CIMG_SQL_BLOB):
                var length: Int32 = 0
                let pointer = cimg_stmt_column_text(handle, column, &length)
                let bytes = pointer.map { Array(UnsafeBufferPointer(start: $0, count: Int(length))) } ?? []
                values.append(type == Int32(CIMG_SQL_TEXT)
                              ? .text(PathBytes.decode(bytes)) : .blob(bytes))
            default: values.append(.null)
            }
        }
        return Row(values: values, names: columnNames)
    }

    private lazy var columnNames = ColumnNames((0..<cimg_stmt_column_count(handle)).map {
        String(cString: cimg_stmt_column_name(handle, $0))
    })
}

/// A statement's column names and where each is, made once and shared by its
/// rows: a row read by name finds its column by hashing, not by comparing the
/// name with every column (some 15 % of `ls`'s samples on a month of photos).
final class ColumnNames: Sendable {
    let names: [String]
    private let positions: [String: Int]

    init(_ names: [String]) {
        self.names = names
        positions = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func position(of name: String) -> Int? { positions[name] }
}

/// One result row: values by position or by column name.
public struct Row: Sendable {
    public let values: [DatabaseValue]
    let names: ColumnNames

    public var columns: [String] { names.names }

    public subscript(_ index: Int) -> DatabaseValue { values[index] }

    public subscript(_ column: String) -> DatabaseValue {
        guard let index = names.position(of: column) else { return .null }
        return values[index]
    }
}

extension cimg_error {
    var text: String {
        withUnsafeBytes(of: message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
