import Dispatch
import Synchronization

/// Runs one job per item on `jobs` threads, handing out items in order.
/// Stops handing out new items once an interruption is requested; items
/// already started finish.
enum Batch {
    /// - Returns: whether every item was started (false when interrupted).
    @discardableResult
    static func run<Item: Sendable>(_ items: [Item], jobs: Int, _ work: @Sendable @escaping (Item) -> Void) -> Bool {
        let next = Atomic<Int>(0)
        let workers = max(1, min(jobs, items.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while !Interruption.requested {
                let index = next.add(1, ordering: .relaxed).oldValue
                if index >= items.count { return }
                work(items[index])
            }
        }
        return !Interruption.requested
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// The number of cores the process may use.
var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
