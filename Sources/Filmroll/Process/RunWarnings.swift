import Files

/// The warnings of one `process` run, each file's each warning told once:
/// the index's (read from headers) and the decodes' (which read the
/// header again, and may decode a photo for several outputs), gathered so
/// the run can report them as they come and note them in the catalog.
final class RunWarnings: Sendable {
    private struct State {
        var told: [String: [String]] = [:]
        var order: [String] = []
        var listener: (@Sendable (_ path: String, _ warning: String) -> Void)?
    }

    private let state = Locked(State())

    /// Starts a run: forgets what an earlier run told, and calls `listener`
    /// with each new warning from now on, from any thread.
    func start(telling listener: @escaping @Sendable (_ path: String, _ warning: String) -> Void) {
        state.withLock { $0 = State(listener: listener) }
    }

    /// Notes `warning` about the file at `path`, and tells the listener when it is new.
    func add(path: String, warning: String) {
        let listener = state.withLock { state -> (@Sendable (String, String) -> Void)? in
            if state.told[path] == nil { state.order.append(path) }
            guard !(state.told[path]?.contains(warning) ?? false) else { return nil }
            state.told[path, default: []].append(warning)
            return state.listener
        }
        listener?(path, warning)
    }

    /// Every file warned about, in the order first told, with its warnings.
    var all: [(path: String, warnings: [String])] {
        state.withLock { state in state.order.map { ($0, state.told[$0] ?? []) } }
    }
}
