/// Turns exact frame durations into a format's whole time units (GIF's
/// centiseconds, WebP's milliseconds) with the rounding error carried from
/// frame to frame: each frame ends at the unit nearest its exact end, so
/// 30 fps stays exact over time (3, 4, 3 cs …) and no drift builds up.
public struct FrameClock: Sendable, Hashable {
    /// The format's unit, in milliseconds (10 for GIF, 1 for WebP).
    public let unit: Double
    /// The exact time elapsed, in units.
    private var elapsed = 0.0
    /// The time written so far, in whole units.
    public private(set) var written = 0

    public init(unitMilliseconds: Double) {
        precondition(unitMilliseconds > 0)
        unit = unitMilliseconds
    }

    /// GIF's centiseconds.
    public static var centiseconds: FrameClock { FrameClock(unitMilliseconds: 10) }
    /// WebP's milliseconds.
    public static var milliseconds: FrameClock { FrameClock(unitMilliseconds: 1) }

    /// The next frame's duration in whole units, for a frame that shows for `milliseconds`.
    public mutating func tick(_ milliseconds: Double) -> Int {
        elapsed += max(0, milliseconds) / unit
        let end = Int(elapsed.rounded())
        let duration = max(0, end - written)
        written += duration
        return duration
    }
}
