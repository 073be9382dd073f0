#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Imaging
import Synchronization
import Testing

/// The executor's workers: every body runs, all at once, and work nested
/// in one of them can use the cores the others leave idle.
@Suite struct WorkerThreadsTests {
    /// Waits until `count` reaches `target` (5 s at most); whether it did.
    private static func meet(_ count: borrowing Atomic<Int>, _ target: Int) -> Bool {
        for _ in 0..<5000 {
            if count.load(ordering: .acquiring) >= target { return true }
            usleep(1000)
        }
        return false
    }

    @Test func everyBodyRunsOnceAndAllAtTheSameTime() {
        let arrived = Atomic<Int>(0)
        let indices = Mutex<[Int]>([])
        let met = Mutex<[Bool]>([])
        WorkerThreads.run(3) { index in
            indices.withLock { $0.append(index) }
            arrived.add(1, ordering: .releasing)
            // Each waits for the others: only bodies that run at once all get past this.
            let all = Self.meet(arrived, 3)
            met.withLock { $0.append(all) }
        }
        #expect(indices.withLock { $0.sorted() } == [0, 1, 2])
        #expect(met.withLock { $0 } == [true, true, true])
    }

    @Test func oneBodyRunsAndNoneForNoWorkers() {
        let ran = Mutex(0)
        WorkerThreads.run(1) { index in ran.withLock { $0 += index + 1 } }
        #expect(ran.withLock { $0 } == 1)
        WorkerThreads.run(0) { _ in ran.withLock { $0 += 100 } }
        #expect(ran.withLock { $0 } == 1)
    }

    /// Inside `concurrentPerform`'s workers a nested `concurrentPerform`
    /// runs on one thread; inside these workers, its iterations run at once.
    @Test(.enabled(if: Parallel.processorCount > 1))
    func workNestedInAWorkerRunsOnMoreThanOneThread() {
        let idle = DispatchSemaphore(value: 0)
        let nestedMet = Mutex<[Bool]>([])
        WorkerThreads.run(2) { index in
            guard index == 0 else {
                // The worker with nothing left to do, as at the end of a run.
                idle.wait()
                return
            }
            let arrived = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                arrived.add(1, ordering: .releasing)
                let both = Self.meet(arrived, 2)
                nestedMet.withLock { $0.append(both) }
            }
            idle.signal()
        }
        #expect(nestedMet.withLock { $0 } == [true, true])
    }
}
