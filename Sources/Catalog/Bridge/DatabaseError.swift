#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    public static let ioError = ResultCode(rawValue: 10)
    public static let corrupt = ResultCode(rawValue: 11)
    public static let full = ResultCode(rawValue: 13)
    public static let cannotOpen = ResultCode(rawValue: 14)
    public static let constraint = ResultCode(rawValue: 19)
    public static let notADatabase = ResultCode(rawValue: 26)
    public static let row = ResultCode(rawValue: 100)
    public static let done = ResultCode(rawValue: 101)
    /// An I/O error growing the WAL index (`-shm`), as on a full disk.
    public static let ioErrorShmSize = ResultCode(rawValue: 4874)

    public var description: String { "SQLite code \(rawValue)" }
}

/// A failed SQLite call: the result code, SQLite's message, the SQL that
/// was running, if any, and for I/O errors the system's errno.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    public var code: ResultCode
    public var message: String
    public var sql: String?
    /// The errno behind an I/O or cannot-open error (`ENOSPC`, `EACCES`, …), or 0.
    public var systemErrno: Int32

    public init(code: ResultCode, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// True when the disk is full: SQLITE_FULL, or an I/O error from
    /// ENOSPC (or EDQUOT, a full quota), such as growing the `-shm`.
    public var isDiskFull: Bool {
        code.primary == .full || (code.primary == .ioError && (systemErrno == ENOSPC || systemErrno == EDQUOT))
    }

    /// True when the file is damaged or is not a database at all.
    public var isDamage: Bool { code.primary == .corrupt || code.primary == .notADatabase }

    /// "disk I/O error: no space left on device (SQLite code 4874) in …"
    public var description: String {
        var text = message
        if systemErrno != 0 && (code.primary == .ioError || code.primary == .cannotOpen) {
            text += ": " + String(cString: strerror(systemErrno)).lowercased()
        }
        text += " (\(code))"
        if let sql { text += " in \(sql.split(separator: "\n").map { $0.trimmingCharacters() }.joined(separator: " "))" }
        return text
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
