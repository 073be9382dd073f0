/// How long each frame of an animation shows. Durations are exact
/// milliseconds (1000 / 30 for 30 fps); each encoder rounds them to its
/// own unit with a `FrameClock`, which carries the rounding error from
/// frame to frame: GIF's centiseconds (3, 4, 3 …) and WebP's milliseconds
/// (33, 34, 33 …) both stay exact over time.
public enum FrameTiming: Sendable, Hashable {
    /// Frames per second.
    case fps(Double)
    /// The same delay for every frame, in milliseconds.
    case delay(milliseconds: Double)
    /// A delay per frame in milliseconds; the last repeats for any further frames.
    case delays(milliseconds: [Double])

    /// The exact duration of frame `index` (from 0), in milliseconds.
    public func milliseconds(at index: Int) -> Double {
        switch self {
        case .fps(let rate): 1000 / rate
        case .delay(let value): value
        case .delays(let values): values.isEmpty ? 100 : values[min(index, values.count - 1)]
        }
    }

    /// Centisecond delays for `count` frames (GIF), the rounding error carried.
    public func centiseconds(count: Int) -> [Int] {
        var clock = FrameClock.centiseconds
        return (0..<count).map { clock.tick(milliseconds(at: $0)) }
    }

    /// Millisecond delays for `count` frames (WebP), the rounding error carried.
    public func wholeMilliseconds(count: Int) -> [Int] {
        var clock = FrameClock.milliseconds
        return (0..<count).map { clock.tick(milliseconds(at: $0)) }
    }
}
