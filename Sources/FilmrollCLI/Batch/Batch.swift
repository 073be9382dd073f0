import Imaging

/// `Parallel.forEach`, stopping when the user interrupts: no new item
/// starts after Ctrl-C; items already started finish.
enum Batch {
    /// - Returns: whether every item was started (false when interrupted).
    @discardableResult
    static func run<Item: Sendable>(_ items: [Item], jobs: Int, _ work: @Sendable @escaping (Item) -> Void) -> Bool {
        Parallel.forEach(items, jobs: jobs, shouldStop: { Interruption.requested }, work)
    }
}

/// The number of cores the process may use.
var processorCount: Int { Parallel.processorCount }
