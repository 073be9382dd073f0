#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Filmroll

/// A one-line progress bar on standard error: done/total, files per
/// second and time left. Drawn only on a terminal, at most ten times a
/// second; `finish()` clears it before the summary prints.
final class ProgressBar: Sendable {
    private struct State {
        var done = 0
        var total: Int
        var lastDraw: ContinuousClock.Instant?
        var drawn = false
    }

    private let io: CommandIO
    private let label: String
    private let enabled: Bool
    private let start = ContinuousClock.now
    private let state: Locked<State>

    init(io: CommandIO, total: Int, label: String, enabled: Bool) {
        self.io = io
        self.label = label
        self.enabled = enabled && io.errorIsTerminal && total > 0
        state = Locked(State(total: total))
    }

    /// The items to do, counted so far.
    var total: Int { state.withLock { $0.total } }

    /// Adds `more` items to do (a stage that comes back for more work keeps one bar).
    func grow(by more: Int) {
        state.withLock { $0.total += max(0, more) }
    }

    /// Counts one more item done and redraws when due.
    func advance() {
        update { $0 + 1 }
    }

    /// Sets the count of items done and redraws when due.
    func set(done: Int) {
        update { _ in done }
    }

    private func update(_ count: (Int) -> Int) {
        guard enabled else { return }
        state.withLock { state in
            state.done = count(state.done)
            let now = ContinuousClock.now
            if let last = state.lastDraw, now - last < .milliseconds(100), state.done < state.total { return }
            state.lastDraw = now
            state.drawn = true
            io.writeError("\r" + line(done: state.done, total: state.total, elapsed: now - start) + "\u{1B}[K")
        }
    }

    /// Removes the bar from the terminal.
    func finish() {
        guard enabled else { return }
        state.withLock { state in
            if state.drawn { io.writeError("\r\u{1B}[K") }
            state.drawn = false
        }
    }

    func line(done: Int, elapsed: Duration) -> String {
        line(done: done, total: total, elapsed: elapsed)
    }

    private func line(done: Int, total: Int, elapsed: Duration) -> String {
        let seconds = max(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, 0.001)
        let rate = Double(done) / seconds
        let width = 24
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        let left = rate > 0 ? Int((Double(total - done) / rate).rounded(.up)) : 0
        return "\(label) [\(bar)] \(done)/\(total)  \(fixed(rate, 1)) files/s  ETA \(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)"
    }
}
