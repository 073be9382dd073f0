#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// Moves a catalog out of the way, keeping it: `catalog.sqlite` becomes
/// `catalog.sqlite.damaged-YYYYMMDD-HHMMSS` (then `…-2`, `-3`, … when that
/// name is taken), and its `-wal` and `-shm` move with it, so that it can
/// still be opened as it was.
enum AsideFile {
    /// Moves the catalog at `path` aside. Returns the new path, or nil when
    /// there is no file at `path`.
    static func move(_ path: String, now: time_t = time(nil)) throws(CatalogError) -> String? {
        guard access(path, F_OK) == 0 else { return nil }
        let base = path + ".damaged-" + stamp(now)
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            // Reserve the name: O_EXCL fails when it is taken, on every file system.
            let reservation = open(candidate, O_CREAT | O_EXCL | O_WRONLY, 0o644)
            if reservation < 0 {
                if errno == EEXIST { continue }
                throw failure(path, "cannot create \(candidate)")
            }
            close(reservation)
            if access(candidate + "-wal", F_OK) == 0 || access(candidate + "-shm", F_OK) == 0 {
                unlink(candidate)
                continue
            }
            // The main file first: a -wal left at the old name would be replayed into the new catalog,
            // so both sidecars must follow before a new catalog is made there.
            guard rename(path, candidate) == 0 else {
                let error = failure(path, "cannot move it to \(candidate)")
                unlink(candidate)
                throw error
            }
            for suffix in ["-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
                guard rename(path + suffix, candidate + suffix) == 0 else {
                    throw failure(path, "cannot move its \(suffix) to \(candidate + suffix)")
                }
            }
            return candidate
        }
        throw .notWritable(path: path, reason: "no free name beside it to move it to")
    }

    /// "20250410-143005", local time.
    static func stamp(_ time: time_t) -> String {
        var seconds = time
        var parts = tm()
        localtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(parts.tm_year + 1900, 4) + pad(parts.tm_mon + 1) + pad(parts.tm_mday) + "-"
            + pad(parts.tm_hour) + pad(parts.tm_min) + pad(parts.tm_sec)
    }

    private static func failure(_ path: String, _ what: String) -> CatalogError {
        .notWritable(path: path, reason: "\(what): \(String(cString: strerror(errno)).lowercased())")
    }
}
