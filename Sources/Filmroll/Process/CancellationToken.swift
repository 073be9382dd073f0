import Synchronization

/// Asks long work to stop between items; passed in by the caller (a signal
/// handler, a UI's Cancel button) rather than read from a global.
public final class CancellationToken: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public func cancel() { cancelled.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}
