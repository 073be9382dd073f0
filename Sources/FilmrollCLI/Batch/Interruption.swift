#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Filmroll
import Synchronization

/// SIGINT and SIGTERM as a flag that long commands check between files:
/// the work in hand finishes (its output is written atomically or not at
/// all), nothing new starts, and the command exits 130 (143 for SIGTERM).
///
/// A stop never waits on the work in hand for long: a watchdog thread,
/// woken by the signal through a pipe, gives the command `gracePeriod` to
/// wind down, then removes the temporary files still being written and
/// exits. So one long decode or encode, a blocked open or a locked
/// catalog cannot hold a stop up. A second signal skips the grace period.
enum Interruption {
    private static let flag = Atomic<Int32>(0)
    /// The write end of the watchdog's pipe (-1 before `install()`).
    private static let wakeDescriptor = Atomic<Int32>(-1)
    private static let installed = Locked(false)

    /// How long a stopping command may take to finish the work in hand.
    static let gracePeriod: Int32 = 500   // milliseconds

    /// Whether a stop was asked for since `install()`.
    static var requested: Bool { flag.load(ordering: .relaxed) != 0 }

    private static let tokens = Locked<[CancellationToken]>([])

    /// Cancels `token` when a signal arrives, so library work stops between
    /// items while the watchdog waits (and at once if it already arrived).
    static func cancelOnSignal(_ token: CancellationToken) {
        tokens.withLock { $0.append(token) }
        if requested { token.cancel() }
    }

    /// Installs the handlers and starts the watchdog (once per process).
    /// They replace whatever disposition the process inherited, SIG_IGN
    /// included: a command started from a script that ignores SIGINT (a
    /// background job of a non-interactive shell, `trap '' INT`) still
    /// stops on `kill -INT`, since every command that writes cleans up.
    static func install() {
        flag.store(0, ordering: .relaxed)
        startWatchdog()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let first = Interruption.flag.exchange(signal, ordering: .relaxed) == 0
            var byte = UInt8(truncatingIfNeeded: signal)
            let descriptor = Interruption.wakeDescriptor.load(ordering: .relaxed)
            if descriptor < 0 || (!first && write(descriptor, &byte, 1) != 1) { _exit(128 + signal) }
            if first { _ = write(descriptor, &byte, 1) }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        // A parent may have left them blocked (the mask is inherited across exec).
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Asks for a stop, as a signal would, without the watchdog (for tests).
    static func request() { flag.store(SIGINT, ordering: .relaxed) }

    /// The exit status for an interrupted command: 128 + the signal.
    static var exitCode: ExitCode { ExitCode(rawValue: 128 + max(flag.load(ordering: .relaxed), SIGINT)) }

    private static func startWatchdog() {
        installed.withLock { started in
            guard !started else { return }
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            let readEnd = ends[0]
            var thread = pthread_t()
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            let box = Unmanaged.passRetained(WatchdogStart(readEnd: readEnd))
            guard pthread_create(&thread, &attributes, { argument in
                let start = Unmanaged<WatchdogStart>.fromOpaque(argument!).takeRetainedValue()
                Interruption.watch(start.readEnd)
                return nil
            }, box.toOpaque()) == 0 else {
                box.release()
                close(ends[0])
                close(ends[1])
                return
            }
            pthread_attr_destroy(&attributes)
            wakeDescriptor.store(ends[1], ordering: .relaxed)
            started = true
        }
    }

    private final class WatchdogStart {
        let readEnd: Int32
        init(readEnd: Int32) { self.readEnd = readEnd }
    }

    /// The watchdog: waits for a signal, then for the grace period (or a
    /// second signal), then removes the live temporaries and exits.
    private static func watch(_ descriptor: Int32) {
        var signal: UInt8 = 0
        while read(descriptor, &signal, 1) != 1 {
            if errno != EINTR { return }
        }
        for token in tokens.withLock({ $0 }) { token.cancel() }
        var wake = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = ContinuousClock.now + .milliseconds(Int(gracePeriod))
        while ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&wake, 1, milliseconds)
            if ready > 0 { break }    // a second signal: stop now
            if ready < 0 && errno != EINTR { break }
        }
        TemporaryFiles.abandonAll()
        let message = "filmroll: interrupted; run the same command again to finish\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        _exit(128 + Int32(signal))
    }
}
