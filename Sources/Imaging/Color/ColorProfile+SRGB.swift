extension ColorProfile {
    /// Whether the profile is sRGB under another name: HP's "sRGB
    /// IEC61966-2.1" that most cameras and editors embed, the ICC's v4 sRGB,
    /// and their many copies with other headers and tags. True when lcms2's
    /// transform from it to sRGB leaves every colour of a 9 × 9 × 9 grid
    /// within one level: such pixels need no conversion, and a format that
    /// can say "sRGB" (PNG's sRGB chunk) may say so instead of embedding it.
    public var isSRGB: Bool { ColorManagement.isIdentity(self, input: .rgb8) }

    /// The rendering intent the header names (0 perceptual, 1 relative
    /// colorimetric, 2 saturation, 3 absolute colorimetric); 0 when it names none.
    public var renderingIntent: Int {
        guard bytes.count >= 68 else { return 0 }
        let intent = bytes[64..<68].reduce(0) { $0 << 8 | Int($1) }
        return (0...3).contains(intent) ? intent : 0
    }
}
