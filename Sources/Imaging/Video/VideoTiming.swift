/// How long the frames of a video last: all the same at a constant frame
/// rate, or each its own number of milliseconds.
///
/// The MP4 stores durations as whole ticks of a clock, so both are exact:
/// at 29.97 fps every frame lasts 1001/30000 s, never a rounded 33 ms.
public enum VideoTiming: Sendable, Hashable, CustomStringConvertible {
    /// Every frame lasts 1/rate seconds; `VideoEncoder.add` counts in frame periods.
    case frameRate(FrameRate)
    /// Each frame lasts the milliseconds given with it (`VideoEncoder.add(_:duration:)`),
    /// as a GIF's delays do; `nominal` is the rate the encoder's rate control
    /// assumes (the average, when known).
    case milliseconds(nominal: FrameRate)
    /// Each frame lasts the ticks given with it, of a clock whose tick is
    /// `numerator/denominator` s (a source video's own, so re-encoding keeps
    /// its times exactly); `nominal` as for `milliseconds`.
    case ticks(numerator: Int, denominator: Int, nominal: FrameRate)

    /// The length of one tick of the clock, in seconds, as a fraction.
    public var tick: (numerator: Int, denominator: Int) {
        switch self {
        case .frameRate(let rate): (rate.denominator, rate.numerator)
        case .milliseconds: (1, 1000)
        case let .ticks(numerator, denominator, _): (numerator, denominator)
        }
    }

    /// The frame rate the encoder is told.
    public var nominalRate: FrameRate {
        switch self {
        case .frameRate(let rate), .milliseconds(let rate), .ticks(_, _, let rate): rate
        }
    }

    /// Millisecond durations (a GIF's or `--delays`), the rate the encoder
    /// assumes set to their average (at least 1 fps).
    public static func delays(_ durations: [Int]) -> VideoTiming {
        let total = durations.reduce(0) { $0 + max(1, $1) }
        guard !durations.isEmpty else { return .milliseconds(nominal: 30) }
        // Below 1 fps, 1; above 1000 fps (under 1 ms a frame), 1000.
        let nominal = FrameRate(numerator: 1000 * durations.count, denominator: total)
        return .milliseconds(nominal: nominal ?? (total > 1000 * durations.count ? 1 : 1000))
    }

    /// Seconds from the start for `ticks` ticks of this clock.
    public func seconds(ticks: Int64) -> Double {
        Double(ticks) * Double(tick.numerator) / Double(tick.denominator)
    }

    /// "10 fps", "29.97 (30000/1001) fps", "per-frame milliseconds"
    public var description: String {
        switch self {
        case .frameRate(let rate): "\(rate) fps"
        case .milliseconds: "per-frame milliseconds"
        case let .ticks(numerator, denominator, _): "per-frame ticks of \(numerator)/\(denominator) s"
        }
    }
}
