#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Imaging

/// Runs the real `filmroll` binary to the end, under /usr/bin/time, and
/// keeps its peak resident memory with what it printed on standard error.
///
/// The peak comes from /usr/bin/time (a small process that forks the
/// binary) rather than from this test process's own wait4: a child spawned
/// straight from here starts life sharing this process's address space,
/// and Linux carries that high-water mark through exec into its rusage.
struct PeakMemoryRun {
    static let timeTool = "/usr/bin/time"

    var status: Int32
    var stderr: String
    /// The child's peak resident set in bytes; nil without /usr/bin/time.
    var peakBytes: Int?

    /// The lines the run printed on standard error.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Whether the peak can be measured here; prints why not once.
    static let canMeasure: Bool = {
        let present = access(timeTool, X_OK) == 0
        if !present { print("MemoryBudgetTests: \(timeTool) is not installed; peak memory is not checked") }
        return present
    }()

    /// Whether the run's peak stayed under `bytes` (true when it cannot be measured).
    func peakIsBelow(_ bytes: Int) -> Bool { peakBytes.map { $0 < bytes } ?? true }

    /// Runs `filmroll ARGUMENTS`, standard output discarded; a run longer
    /// than `timeout` seconds is killed and reported with status -1 (a
    /// guard against a hang, generous enough for a sanitizer build on a
    /// loaded machine, where a run of seconds can take minutes).
    static func run(_ arguments: [String], timeout: Double = 900) throws -> PeakMemoryRun {
        let stem = NSTemporaryDirectory() + "filmroll-peak-\(UUID().uuidString)"
        let errorPath = stem + ".err", peakPath = stem + ".rss"
        defer { _ = unlink(errorPath); _ = unlink(peakPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Nothing else the test process has open: a parallel test's file kept open by this child
        // would outlive its unlink (a disk-full test's filler would keep the disk full).
        // (glibc has the call since 2.34, but its header declares it only for _GNU_SOURCE.)
        if let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        }
        let command = canMeasure ? [timeTool, "-q", "-f", "%M", "-o", peakPath, InterruptionTests.binary] + arguments
                                 : [InterruptionTests.binary] + arguments
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

        var status: Int32 = 0
        let started = Date()
        var timedOut = false
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date().timeIntervalSince(started) > timeout {
                kill(pid, SIGKILL)
                timedOut = true
                _ = waitpid(pid, &status, 0)
                break
            }
            usleep(5_000)
        }
        let exited = status & 0x7F == 0
        // Read with FileBytes: Foundation's String(contentsOfFile:) leaks its buffer on an empty
        // file (LeakSanitizer, Swift 6.3), and standard error is often empty.
        func contents(of path: String) -> String { String(decoding: (try? FileBytes.read(path)) ?? [], as: UTF8.self) }
        let text = contents(of: errorPath)
        let kilobytes = contents(of: peakPath)
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return PeakMemoryRun(status: timedOut ? -1 : (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)),
                             stderr: text, peakBytes: kilobytes.map { $0 * 1024 })
    }
}
