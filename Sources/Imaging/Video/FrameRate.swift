/// Frames per second as an exact fraction: 10 is 10/1, NTSC's 29.97 is
/// 30000/1001. Video clocks count whole ticks of 1/rate, so a rate held as
/// a `Double` would drift; this one does not.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// Frames per `denominator` seconds, in lowest terms.
    public let numerator: Int
    public let denominator: Int

    /// `numerator / denominator` frames per second; nil unless both are
    /// positive and the rate is at most 1000 fps.
    public init?(numerator: Int, denominator: Int = 1) {
        guard numerator > 0, denominator > 0, numerator <= 1000 * denominator, numerator <= Int(Int32.max),
              denominator <= Int(Int32.max) else { return nil }
        let divisor = Self.gcd(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// A whole number of frames per second (1...1000).
    public init(integerLiteral value: Int) {
        guard let rate = FrameRate(numerator: value) else { preconditionFailure("a frame rate is 1 to 1000 fps, not \(value)") }
        self = rate
    }

    /// Parses "10", "30000/1001", or a decimal: "29.97", "59.94" and
    /// "23.976" are the NTSC rates (N×1000/1001), other decimals are taken
    /// as written ("12.5" is 25/2).
    public init?(parsing text: String) {
        if let slash = text.firstIndex(of: "/") {
            guard let top = Int(text[..<slash]), let bottom = Int(text[text.index(after: slash)...]) else { return nil }
            self.init(numerator: top, denominator: bottom)
            return
        }
        if let whole = Int(text) {
            self.init(numerator: whole)
            return
        }
        guard let value = Double(text), value.isFinite, value > 0 else { return nil }
        // NTSC: a whole rate slowed by 1000/1001, written with 2 or 3 decimals.
        let ntsc = (value * 1.001).rounded()
        if ntsc >= 1, abs(ntsc * 1000 / 1001 - value) < 0.005, ntsc * 1000 / 1001 != ntsc {
            self.init(numerator: Int(ntsc) * 1000, denominator: 1001)
            return
        }
        guard let dot = text.firstIndex(of: ".") else { return nil }
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        guard decimals <= 6 else { return nil }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        self.init(numerator: Int((value * Double(scale)).rounded()), denominator: scale)
    }

    /// Frames per second as a `Double` (for display and arithmetic that rounds).
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The whole number of frames nearest to `seconds` at this rate.
    public func frameCount(seconds: Double) -> Int {
        Int((seconds * Double(numerator) / Double(denominator)).rounded())
    }

    /// When frame `index` starts, in seconds.
    public func seconds(ofFrame index: Int) -> Double {
        Double(index) * Double(denominator) / Double(numerator)
    }

    /// "10", "29.97 (30000/1001)", "12.5 (25/2)"
    public var description: String {
        if denominator == 1 { return "\(numerator)" }
        let rounded = (framesPerSecond * 100).rounded() / 100
        return "\(rounded) (\(numerator)/\(denominator))"
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
