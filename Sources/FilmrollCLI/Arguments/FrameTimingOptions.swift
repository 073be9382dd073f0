import Filmroll

/// `--fps F`, `--delay MS` or `--delays MS,MS,…`: how long each frame
/// shows, read one way by `gif` and `video` (same forms, same meaning,
/// same checks and errors). Without any, each animated input keeps its
/// own delays and a still shows 1/10 s.
///
/// - `--fps` is a number (12, 29.97) or a fraction (30000/1001); delays
///   are rounded with the error carried, so the rate holds over the whole.
///   Its maximum is the output format's: a GIF counts in hundredths of a
///   second (100), a video frame in milliseconds (240 fps is plenty).
/// - `--delay` and `--delays` are whole milliseconds above 0 (a frame
///   that lasts no time is no frame); the last of `--delays` repeats.
struct FrameTimingOptions: Sendable, Equatable {
    static let fps = OptionSpec.value(
        "fps", "F", "Frames per second: a number (12, 29.97) or a fraction (30000/1001); the rate stays exact over the whole.")
    static let delay = OptionSpec.value("delay", "MS", "Every frame lasts MS milliseconds (a whole number).")
    static let delays = OptionSpec.value("delays", "MS,MS,…", "A duration per frame in whole milliseconds; the last one repeats.")
    static let specs = [fps, delay, delays]

    enum Timing: Sendable, Equatable {
        /// `--fps`
        case rate(FrameRate)
        /// `--delay`: every frame the same.
        case delay(milliseconds: Int)
        /// `--delays`: one per frame, the last repeating.
        case delays(milliseconds: [Int])
    }

    /// nil: none given.
    var timing: Timing?

    /// - Parameter maximumRate: the most frames per second the output can show.
    init(_ arguments: ParsedArguments, maximumRate: Int) throws(UsageError) {
        try arguments.atMostOne(of: Self.specs)
        if let text = arguments.value(Self.fps) {
            guard let rate = FrameRate(parsing: text), rate.framesPerSecond > 0, rate.framesPerSecond <= Double(maximumRate) else {
                throw UsageError("option '--fps' needs a rate above 0 and at most \(maximumRate) (such as 12, 29.97 or 30000/1001), not '\(text)'")
            }
            timing = .rate(rate)
        } else if let text = arguments.value(Self.delay) {
            guard let value = Int(text), value > 0 else { throw UsageError("option '--delay' needs whole milliseconds above 0, not '\(text)'") }
            timing = .delay(milliseconds: value)
        } else if let text = arguments.value(Self.delays) {
            let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard values.allSatisfy({ ($0 ?? 0) > 0 }) else {
                throw UsageError("option '--delays' needs whole milliseconds above 0, separated by commas, not '\(text)'")
            }
            timing = .delays(milliseconds: values.map { $0! })
        }
    }

    /// The timing for an animation (`AnimationMaker`); nil: the inputs' own.
    var frameTiming: FrameTiming? {
        switch timing {
        case .rate(let rate)?: .fps(rate.framesPerSecond)
        case .delay(let milliseconds)?: .delay(milliseconds: Double(milliseconds))
        case .delays(let milliseconds)?: .delays(milliseconds: milliseconds.map(Double.init))
        case nil: nil
        }
    }
}
