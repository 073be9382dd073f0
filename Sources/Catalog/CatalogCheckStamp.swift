#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// What the catalog file was when it last passed the damage check or was
/// last closed by a writer: its device, inode, size, mtime and ctime, in
/// `catalog.sqlite-checked` beside it.
///
/// `PRAGMA quick_check` reads the whole file: 0.2 s at 100,000 photos, on
/// every `ls`. When the file is as the stamp says (and its WAL is empty),
/// nothing has written it since, and the check is skipped: any write,
/// whoever makes it, moves the ctime, which no one can set back. Damage
/// that comes without a write (a failing disk) is still met by SQLite
/// itself on the pages a command reads, and reported as damage.
enum CatalogCheckStamp {
    static func path(for catalogPath: String) -> String { catalogPath + "-checked" }

    /// Whether the file is still as stamped.
    static func matches(_ catalogPath: String) -> Bool {
        guard let current = state(of: catalogPath),
              let stamped = try? FileBytes.read(path(for: catalogPath), limit: 256) else { return false }
        return stamped == Array(current.utf8)
    }

    /// Stamps the file as it is now; nothing when its WAL holds frames (not
    /// yet in the file) or the stamp cannot be written (a read-only card:
    /// the check then runs each time, as before).
    ///
    /// File times move in steps of the kernel's clock tick (4 ms at 250 Hz):
    /// a write in the same tick as the last one before the stamp would leave
    /// them as stamped. So a file written less than `settle` ago is stamped
    /// only once that time has passed (waiting for it when `waits`), and
    /// only if it is still as it was.
    static func record(_ catalogPath: String, waits: Bool = false) {
        guard let current = state(of: catalogPath), let age = age(of: catalogPath) else { return }
        if age < settle {
            guard waits else { return }
            usleep(useconds_t((settle - age) * 1_000_000) + 1000)
            guard state(of: catalogPath) == current else { return }
        }
        try? AtomicFile.write(Array(current.utf8), to: path(for: catalogPath))
    }

    /// Longer than any kernel's clock tick (100 Hz: 10 ms).
    static let settle = 0.03

    /// Seconds since the file's status last changed.
    private static func age(of catalogPath: String) -> Double? {
        var status = stat()
        var now = timespec()
        guard lstat(catalogPath, &status) == 0, clock_gettime(CLOCK_REALTIME, &now) == 0 else { return nil }
        return Double(now.tv_sec - status.st_ctim.tv_sec) + Double(now.tv_nsec - status.st_ctim.tv_nsec) / 1e9
    }

    /// "dev ino size mtime ctime" of the catalog; nil when it is not a
    /// regular file or its WAL is not empty.
    private static func state(of catalogPath: String) -> String? {
        var status = stat()
        var wal = stat()
        if lstat(catalogPath + "-wal", &wal) == 0 && ((wal.st_mode & S_IFMT) != S_IFREG || wal.st_size != 0) { return nil }
        guard lstat(catalogPath, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return "\(status.st_dev) \(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) "
            + "\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)\n"
    }
}
