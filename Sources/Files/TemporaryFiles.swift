#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files behind atomic writes: `.NAME.filmroll-PID-N.tmp`
/// beside the file being written.
///
/// The files this process is writing are registered, so that a process
/// stopped by a signal can remove them before it exits
/// (`abandonAll()`). The files of processes that died without that chance
/// (`kill -9`, a power cut) are removed by a later run in the same folder:
/// `AtomicFileWriter` sweeps each folder the first time the process writes
/// into it (`sweepOnce(folder:)`), so every writer does.
public enum TemporaryFiles {
    private struct State {
        var live: Set<String> = []
        var abandoned = false
        /// Folders this process has swept.
        var swept: Set<String> = []
        /// Whether a dead writer's temporaries wait until they are stale (`sweepOnlyStale()`).
        var onlyStale = false
    }

    private static let state = Locked(State())

    /// Temporaries of live processes are left alone unless older than this.
    public static let staleAge: Int64 = 3600

    /// The temporary name for writing `name` in this process; `name` is
    /// cut short when the whole would not fit in 255 bytes (the process id
    /// and random number keep it apart from the others).
    public static func name(for name: String) -> String {
        let tail = ".filmroll-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let room = FittedFileName.maximumBytes - 1 - tail.utf8.count
        let kept = FittedFileName.byteCount(name) > room ? FittedFileName.prefix(of: name, bytes: room) : name
        return "." + kept + tail
    }

    /// The process id in a temporary's name, or nil for any other name.
    public static func writerProcess(ofName name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let fields = name.dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count >= 3, fields[fields.count - 3].hasSuffix(".filmroll"),
              let pid = pid_t(fields[fields.count - 2]), pid > 0, UInt32(fields[fields.count - 1]) != nil else { return nil }
        return pid
    }

    /// Creates the temporary `path` (exclusively) and records it; the file
    /// descriptor, or -1 with `errno` set. Creating under the lock means
    /// `abandonAll()` sees every file that exists. Fails with `ECANCELED`
    /// once the process is stopping, when no new file may be started.
    public static func create(_ path: String, permissions: mode_t) -> Int32 {
        state.withLock { state in
            guard !state.abandoned else {
                errno = ECANCELED
                return -1
            }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
            if descriptor >= 0 { state.live.insert(path) }
            return descriptor
        }
    }

    public static func unregister(_ path: String) {
        state.withLock { _ = $0.live.remove(path) }
    }

    /// Removes every temporary this process is writing and refuses new ones.
    /// For a process about to exit on a signal: after this, no file of its
    /// is left half-written.
    public static func abandonAll() {
        let paths = state.withLock { state in
            state.abandoned = true
            return state.live
        }
        for path in paths { _ = unlink(path) }   // the process is exiting; the next run sweeps what is left
    }

    /// What a sweep removed.
    public struct Removed: Sendable, Equatable {
        public var files = 0
        public var bytes = 0
    }

    /// From now on a sweep removes only temporaries older than `staleAge`,
    /// whoever wrote them: for a shard of a cluster job writing into a
    /// shared folder, where the other writers run on other machines and a
    /// process id says nothing about them.
    public static func sweepOnlyStale() {
        state.withLock { $0.onlyStale = true }
    }

    /// Sweeps `folder` (`sweep(folder:)`) unless this process did already:
    /// once per folder per run.
    public static func sweepOnce(folder: String) {
        let first = state.withLock { $0.swept.insert(folder.isEmpty ? "." : folder).inserted }
        if first { sweep(folder: folder.isEmpty ? "." : folder) }
    }

    /// Removes the temporaries in `folder` left by processes that no longer
    /// exist, or older than an hour (the process id may have been reused).
    /// This process's own are kept.
    @discardableResult
    public static func sweep(folder: String, now: Int64 = Int64(time(nil))) -> Removed {
        var removed = Removed()
        let onlyStale = state.withLock { $0.onlyStale }
        for name in Folders.names(in: folder) {
            guard let pid = writerProcess(ofName: name), pid != getpid() else { continue }
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            let old = now - Int64(status.st_mtim.tv_sec) > staleAge
            guard old || (!onlyStale && !processExists(pid)) else { continue }
            if unlink(path) == 0 {
                removed.files += 1
                removed.bytes += Int(status.st_size)
            }
        }
        return removed
    }

    /// Whether a process with `pid` exists (EPERM: it does, owned by another
    /// user) and is not a zombie: one killed outright stays one until its
    /// parent reaps it, and writes nothing more.
    static func processExists(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        return !isZombie(pid)
    }

    /// Whether `/proc/PID/stat` gives the process's state as Z (false where there is no /proc).
    static func isZombie(_ pid: pid_t) -> Bool {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return false }
        // "PID (NAME) STATE …": the name may hold spaces and parentheses, so the state follows the last ')'.
        let text = buffer.prefix(count)
        guard let nameEnd = text.lastIndex(of: UInt8(ascii: ")")), nameEnd + 2 < count else { return false }
        return text[nameEnd + 2] == UInt8(ascii: "Z")
    }
}
