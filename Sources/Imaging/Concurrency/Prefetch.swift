/// Items made in order on background threads, at most `window` of them
/// ahead of the one being taken: a producer that keeps the cores busy
/// while the consumer (an encoder) works, with bounded memory.
public final class Prefetch<Value: Sendable> {
    private let count: Int
    private let window: Int
    private let make: @Sendable (Int) -> Value
    private var started: [BackgroundWork<Value>] = []
    private var nextToStart = 0
    private var nextToTake = 0

    /// - Parameters:
    ///   - count: the items, `make(0) ..< make(count)`.
    ///   - window: items made (or being made) at once, at least 1.
    public init(count: Int, window: Int, make: @escaping @Sendable (Int) -> Value) {
        self.count = count
        self.window = max(1, window)
        self.make = make
        fill()
    }

    /// The next item, in order, waiting for it when it is not made yet; nil after the last.
    public func next() -> Value? {
        guard nextToTake < count else { return nil }
        let value = started.removeFirst().result()
        nextToTake += 1
        fill()
        return value
    }

    private func fill() {
        while nextToStart < count && started.count < window {
            let index = nextToStart, make = self.make
            started.append(BackgroundWork { make(index) })
            nextToStart += 1
        }
    }
}
