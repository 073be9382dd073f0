/// How long each frame of an animation shows, turned into GIF's
/// centiseconds with the rounding error carried from frame to frame, so
/// that 30 fps stays exact over time (3, 3, 4, 3, 3, 4 …).
public enum FrameTiming: Sendable, Hashable {
    /// Frames per second.
    case fps(Double)
    /// The same delay for every frame, in milliseconds.
    case delay(milliseconds: Double)
    /// A delay per frame in milliseconds; the last repeats for any further frames.
    case delays(milliseconds: [Double])

    /// Centisecond delays for `count` frames.
    public func centiseconds(count: Int) -> [Int] {
        let milliseconds: (Int) -> Double
        switch self {
        case .fps(let rate): milliseconds = { _ in 1000 / rate }
        case .delay(let value): milliseconds = { _ in value }
        case .delays(let values): milliseconds = { values.isEmpty ? 100 : values[min($0, values.count - 1)] }
        }
        var result: [Int] = []
        var elapsed = 0.0, written = 0
        for index in 0..<count {
            elapsed += milliseconds(index) / 10
            let end = Int(elapsed.rounded())
            result.append(max(0, end - written))
            written = end
        }
        return result
    }
}
