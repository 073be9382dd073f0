#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one memory budget of a run: every allocation sized from an input
/// (a decode, its library's working memory, the file's bytes) reserves its
/// bytes here first, so a command's peak memory follows `--memory`, not the
/// photos, the number of files or `--jobs`.
///
/// The budget's bytes are shared out once: `overhead` for the process
/// itself (runtime, libraries, encoders, the canvas a command draws on),
/// `cacheBytes` for the pipeline's memory cache (its limit is capped to
/// it), the rest for decodes in flight. A decode reserves before it
/// allocates and waits while the rest is spent (a semaphore by bytes: two
/// huge photos are decoded one after the other, whatever `--jobs` says);
/// a decode larger than the whole rest can never fit, and is refused with
/// `limitExceeded` naming the size and the budget. What a decode needs is
/// `ImageDecoder.plannedBytes`; an encoder's share is `encoderBytes`.
public final class MemoryBudget: @unchecked Sendable {
    /// 1 GB: the default of `--memory`.
    public static let defaultBytes = 1_000_000_000
    /// What a run costs before its photos: the runtime and libraries (about
    /// 40 MB) and an encoder's working memory (the GIF quantizer, a
    /// print-size sheet: 121 MB in all for a 600 dpi 4×6 print, a day's
    /// small MP4).
    public static let defaultOverhead = 150_000_000

    /// The process itself: the Swift runtime and the libraries, loaded.
    public static let processBytes = 60_000_000

    /// A budget for making a video: 45% set aside for libx264 (see
    /// `VideoOptions.memoryBytes`) and the slideshow's frames, a sixteenth
    /// for the cache (a photo is shown twice at most).
    public static func forVideo(bytes: Int) -> MemoryBudget {
        MemoryBudget(bytes: bytes, overhead: bytes / 100 * 45, cacheBytes: bytes / 16)
    }

    /// The whole budget, in bytes.
    public let bytes: Int
    /// Bytes set aside for the process and its encoders.
    public let overhead: Int
    /// Bytes the pipeline's memory cache may hold.
    public let cacheBytes: Int
    /// Bytes an encoder may use: the overhead less the process itself (at
    /// least half the overhead, for the small budgets of tests).
    public var encoderBytes: Int { max(overhead / 2, overhead - Self.processBytes) }
    /// Bytes for decodes in flight: what the overhead and the cache leave.
    public var decodeBytes: Int { max(0, bytes - overhead - cacheBytes) }

    private var inFlight = 0
    // Allocated, not stored inline: a pthread object must not move, and `&property`
    // of a class gives no lasting address (as in `Locked`).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// A budget of `bytes` in all, `overhead` of them set aside and
    /// `cacheBytes` (an eighth by default, a quarter at most) for the memory cache.
    public init(bytes: Int = MemoryBudget.defaultBytes, overhead: Int = MemoryBudget.defaultOverhead,
                cacheBytes: Int? = nil) {
        precondition(bytes > 0 && overhead >= 0)
        self.bytes = bytes
        self.overhead = min(overhead, bytes / 2)
        self.cacheBytes = min(cacheBytes ?? bytes / 8, bytes / 4)
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Throws `limitExceeded` when `count` bytes for decoding an image of
    /// `size` could never fit, however long they waited.
    public func check(_ count: Int, for size: PixelSize) throws(ImagingError) {
        guard count <= decodeBytes else {
            throw .limitExceeded(.decodeMemory(size: size, bytes: count, available: decodeBytes, budget: bytes))
        }
    }

    /// Waits until `count` bytes fit beside the decodes in flight, then
    /// reserves them; throws at once when they could never fit.
    /// - Parameter size: the image being decoded, for the error.
    public func reserve(_ count: Int, for size: PixelSize) throws(ImagingError) {
        try check(count, for: size)
        pthread_mutex_lock(mutex)
        while inFlight > 0 && inFlight + count > decodeBytes {
            pthread_cond_wait(condition, mutex)
        }
        inFlight += count
        pthread_mutex_unlock(mutex)
    }

    /// Returns bytes reserved before.
    public func release(_ count: Int) {
        pthread_mutex_lock(mutex)
        inFlight -= count
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Bytes reserved now.
    public var bytesInFlight: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return inFlight
    }

    /// Runs `body` with `count` bytes reserved for decoding an image of `size`.
    public func withReservation<T>(_ count: Int, for size: PixelSize,
                                   _ body: () throws(ImagingError) -> T) throws(ImagingError) -> T {
        try reserve(count, for: size)
        defer { release(count) }
        return try body()
    }

    /// "412 MB"
    static func megabytes(_ count: Int) -> String {
        "\((count + 500_000) / 1_000_000) MB"
    }
}
