/// A SQLite result code, as a value (primary code in the low byte).
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    public static let ok = ResultCode(rawValue: 0)
    public static let error = ResultCode(rawValue: 1)
    public static let busy = ResultCode(rawValue: 5)
    public static let locked = ResultCode(rawValue: 6)
    public static let readOnly = ResultCode(rawValue: 8)
    public static let corrupt = ResultCode(rawValue: 11)
    public static let cannotOpen = ResultCode(rawValue: 14)
    public static let constraint = ResultCode(rawValue: 19)
    public static let notADatabase = ResultCode(rawValue: 26)
    public static let row = ResultCode(rawValue: 100)
    public static let done = ResultCode(rawValue: 101)

    public var description: String { "SQLite code \(rawValue)" }
}

/// A failed SQLite call: the result code, SQLite's message, and the SQL
/// that was running, if any.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    public var code: ResultCode
    public var message: String
    public var sql: String?

    public init(code: ResultCode, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        var text = "\(message) (\(code))"
        if let sql { text += " in \(sql.split(separator: "\n").map { $0.trimmingCharacters() }.joined(separator: " "))" }
        return text
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
