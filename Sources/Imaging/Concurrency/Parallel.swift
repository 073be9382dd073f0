#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Files
import Synchronization

/// The one way Filmroll spreads work over threads: `jobs` workers take the
/// items in order from a shared counter (so a slow item never holds up the
/// others), and `map` gives the results back in the items' order.
public enum Parallel {
    /// The number of cores the process may use.
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `transform` of every item, in the items' order, on at most `jobs`
    /// threads. An item that `shouldStop` skips (checked before each) gets nil.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, shouldStop: @Sendable () -> Bool = { false },
        _ transform: @Sendable (Item) -> Result
    ) -> [Result?] {
        let results = Locked<[Result?]>(Array(repeating: nil, count: items.count))
        forEach(items.indices.map { $0 }, jobs: jobs, shouldStop: shouldStop) { index in
            let result = transform(items[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0 }
    }

    /// Runs `work` once per item on at most `jobs` threads, handing out items
    /// in order; once `shouldStop` is true no new item starts (those started
    /// finish).
    /// - Returns: whether every item was started.
    @discardableResult
    public static func forEach<Item: Sendable>(
        _ items: [Item], jobs: Int, shouldStop: @Sendable () -> Bool = { false },
        _ work: @Sendable (Item) -> Void
    ) -> Bool {
        let next = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
        let workers = max(1, min(jobs, items.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                if shouldStop() {
                    stopped.store(true, ordering: .relaxed)
                    return
                }
                let index = next.add(1, ordering: .relaxed).oldValue
                if index >= items.count { return }
                work(items[index])
            }
        }
        return !stopped.load(ordering: .relaxed)
    }
}
