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
        guard let current = state(of: catalogPath)?.text,
              let stamped = try? FileBytes.read(path(for: catalogPath), limit: 256) else { return false }
        return stamped == Array(current.utf8)
    }

    /// Stamps the file as it is now; nothing when its WAL holds frames (not
    /// yet in the file) or the stamp cannot be written (a read-only card:
    /// the check then runs each time, as before).
    ///
    /// The kernel times a file's changes by its coarse clock, which moves a
    /// tick at a time (4 ms at 250 Hz): a write in the tick of the last
    /// change before the stamp would leave the times as stamped. So a file
    /// changed in the clock's current tick is stamped only once the clock
    /// has moved past its change (waiting for that, at most 100 ms, when
    /// `waits`) and only if it is still as it was; any later write then
    /// gets a later time. The wait is what is left of one tick.
    static func record(_ catalogPath: String, waits: Bool = false) {
        guard let (current, changed) = state(of: catalogPath) else { return }
        if !clockHasPassed(changed) {
            guard waits else { return }
            var polls = 0
            while !clockHasPassed(changed) {
                // A change time far ahead of the clock (another machine's disk): no stamp.
                guard polls < 100 else { return }
                usleep(1000)
                polls += 1
            }
            guard state(of: catalogPath)?.text == current else { return }
        }
        try? AtomicFile.write(Array(current.utf8), to: path(for: catalogPath))
    }

    /// Whether the coarse clock (the one file times are taken from) reads later than `time`.
    private static func clockHasPassed(_ time: timespec) -> Bool {
        var now = timespec()
        guard clock_gettime(CLOCK_REALTIME_COARSE, &now) == 0 else { return false }
        return now.tv_sec > time.tv_sec || (now.tv_sec == time.tv_sec && now.tv_nsec > time.tv_nsec)
    }

    /// "dev ino size mtime ctime" of the catalog, and its status change
    /// time, from one look; nil when it is not a regular file or its WAL is
    /// not empty.
    private static func state(of catalogPath: String) -> (text: String, changed: timespec)? {
        var status = stat()
        var wal = stat()
        if lstat(catalogPath + "-wal", &wal) == 0 && ((wal.st_mode & S_IFMT) != S_IFREG || wal.st_size != 0) { return nil }
        guard lstat(catalogPath, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let text = "\(status.st_dev) \(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) "
            + "\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)\n"
        return (text, status.st_ctim)
    }
}
