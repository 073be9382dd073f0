#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// Moves a catalog out of the way, keeping it: `catalog.sqlite` becomes
/// `catalog.sqlite.damaged-YYYYMMDD-HHMMSS` (then `…-2`, `-3`, … when that
/// name is taken), and its `-wal`, `-shm` and `-journal` move with it, so
/// that it can still be opened as it was. A directory in the catalog's
/// place moves the same way, into a name reserved as a directory.
enum AsideFile {
    /// The files SQLite keeps beside a catalog, moved with it.
    static let sidecarSuffixes = CatalogFileCheck.sidecarSuffixes

    /// Moves the catalog at `path` aside. Returns the new path, or nil when
    /// there is no file at `path`.
    static func move(_ path: String, now: time_t = time(nil)) throws(CatalogError) -> String? {
        guard CatalogFileKind.of(path).exists else { return nil }
        // A directory moves into a reserved directory; anything else (a symbolic link itself) into a file.
        let isDirectory = CatalogFileKind.of(path, followingLinks: false) == .directory
        let base = path + ".damaged-" + stamp(now)
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            // Reserve the name: O_EXCL (or mkdir, for a directory) fails when it is taken, on every file system.
            guard reserve(candidate, asDirectory: isDirectory) else {
                if errno == EEXIST { continue }
                throw failure(path, "cannot create \(candidate)")
            }
            if sidecarSuffixes.contains(where: { CatalogFileKind.of(candidate + $0).exists }) {
                release(candidate, asDirectory: isDirectory)
                continue
            }
            // The main file first: a -wal left at the old name would be replayed into the new catalog,
            // so every sidecar must follow before a new catalog is made there.
            guard rename(path, candidate) == 0 else {
                let error = failure(path, "cannot move it to \(candidate)")
                release(candidate, asDirectory: isDirectory)
                throw error
            }
            for suffix in sidecarSuffixes where CatalogFileKind.of(path + suffix).exists {
                guard rename(path + suffix, candidate + suffix) == 0 else {
                    throw failure(path, "cannot move its \(suffix) to \(candidate + suffix)")
                }
            }
            return candidate
        }
        throw .notWritable(path: path, reason: "no free name beside it to move it to")
    }

    /// Makes `name` (an empty file, or an empty directory) unless it exists; false with `errno` set when not made.
    private static func reserve(_ name: String, asDirectory: Bool) -> Bool {
        if asDirectory { return mkdir(name, 0o755) == 0 }
        let reservation = open(name, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        guard reservation >= 0 else { return false }
        close(reservation)
        return true
    }

    /// Removes a reservation that was not used. Unchecked: the empty name just made is ours to
    /// remove, and were it left, the next attempt takes another name and the caller's error stands.
    private static func release(_ name: String, asDirectory: Bool) {
        _ = asDirectory ? rmdir(name) : unlink(name)
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
