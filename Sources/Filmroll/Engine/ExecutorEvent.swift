/// What `PlanExecutor` reports as it runs a plan; each command turns these
/// into its own progress (`process` into `ProcessEvent`).
public enum ExecutorEvent: Sendable {
    /// Decoding began: `photos` photos to read for the stale outputs.
    case started(photos: Int)
    /// One more photo was read (or failed).
    case decoded(done: Int, total: Int)
    /// An output was written (relative to the executor's `reportRoot` when below it).
    case made(OutputKind, path: String)
    /// A photo or an output failed; the run goes on. `storageErrno`: the
    /// system's code when it failed for want of room (`StorageCause`).
    case failed(path: String, reason: String, storageErrno: Int32?)
}
