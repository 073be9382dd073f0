#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// SIGINT and SIGTERM as a flag that long commands check between files:
/// the work in hand finishes (its output is written atomically or not at
/// all), nothing new starts, and the command exits 130. A second signal
/// exits at once.
enum Interruption {
    private static let flag = Atomic<Int32>(0)

    /// Whether a stop was asked for since `install()`.
    static var requested: Bool { flag.load(ordering: .relaxed) != 0 }

    /// Installs the handlers (idempotent).
    static func install() {
        flag.store(0, ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            if Interruption.flag.exchange(signal, ordering: .relaxed) != 0 { _exit(128 + signal) }
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        // A parent may have left them blocked (the mask is inherited across exec).
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Asks for a stop, as a signal would (for tests).
    static func request() { flag.store(SIGINT, ordering: .relaxed) }

    /// The exit status for an interrupted command: 128 + the signal.
    static var exitCode: ExitCode { ExitCode(rawValue: 128 + max(flag.load(ordering: .relaxed), SIGINT)) }
}
