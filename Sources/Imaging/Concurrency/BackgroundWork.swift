import Dispatch

/// Work started on another thread now, its result collected later: lets
/// one stage of a batch overlap the next (a day's animation is encoded
/// while the next day's photos decode).
public final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    // Written once on the worker before `leave`, read after `wait`: the
    // group orders the two, so no lock is needed.
    private var value: Value?

    /// Starts `work` on a global queue.
    public init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global().async {
            self.value = work()
            self.done.leave()
        }
    }

    /// Work already done on this thread: its result, as the same type.
    public init(finished value: Value) {
        self.value = value
    }

    /// Waits for the work to finish and gives its result.
    public func result() -> Value {
        done.wait()
        return value!
    }
}
