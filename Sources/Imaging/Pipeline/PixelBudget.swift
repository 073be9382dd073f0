#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bounds the pixels decoded at once across threads, so that a batch's
/// memory depends on the budget, not on the number of files or threads.
///
/// A decode reserves its pixels before allocating and waits while the
/// budget is spent. One reservation larger than the whole budget is let
/// through when nothing else is in flight, so no single photo is refused.
public final class PixelBudget: @unchecked Sendable {
    public let limit: Int
    private var inFlight = 0
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()

    public init(limit: Int) {
        precondition(limit > 0)
        self.limit = limit
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
    }

    /// Waits until `pixels` fit in the budget, then reserves them.
    public func reserve(_ pixels: Int) {
        pthread_mutex_lock(&mutex)
        while inFlight > 0 && inFlight + pixels > limit {
            pthread_cond_wait(&condition, &mutex)
        }
        inFlight += pixels
        pthread_mutex_unlock(&mutex)
    }

    /// Returns pixels reserved before.
    public func release(_ pixels: Int) {
        pthread_mutex_lock(&mutex)
        inFlight -= pixels
        pthread_cond_broadcast(&condition)
        pthread_mutex_unlock(&mutex)
    }

    /// Pixels reserved now.
    public var pixelsInFlight: Int {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return inFlight
    }

    /// Runs `body` with `pixels` reserved.
    public func withReservation<T, E: Error>(_ pixels: Int, _ body: () throws(E) -> T) throws(E) -> T {
        reserve(pixels)
        defer { release(pixels) }
        return try body()
    }
}
