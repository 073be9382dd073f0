#if canImport(Glibc)
import Glibc
#endif

/// Long-lived workers on threads of their own, outside libdispatch's pool.
///
/// Why not `concurrentPerform`: inside it, libdispatch runs a nested
/// `concurrentPerform` (a resize's bands, `Parallel.forEach`) on the
/// calling thread alone, and its pool grows past one thread per core only
/// after a check once a second. Workers that sleep while others finish
/// would hold cores the nested work could not use. These threads are not
/// the pool's, so work nested in them gets the pool's threads.
public enum WorkerThreads {
    /// Runs `body(i)` for every i in 0..<count at once, i = 0 on the calling
    /// thread, and returns when all have. A thread that cannot be made runs
    /// its `body` on the calling thread afterwards.
    public static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        var started: [pthread_t] = []
        var notStarted: [Int] = []
        for index in 1..<count {
            let work = Unmanaged.passRetained(Work { body(index) })
            var thread = pthread_t()
            let result = pthread_create(&thread, nil, { context in
                Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, work.toOpaque())
            if result == 0 {
                started.append(thread)
            } else {
                work.release()
                notStarted.append(index)
            }
        }
        body(0)
        for index in notStarted { body(index) }
        for thread in started { pthread_join(thread, nil) }
    }

    private final class Work: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
