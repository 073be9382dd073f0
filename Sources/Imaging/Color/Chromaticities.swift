/// An RGB space's primaries and white point as CIE xy coordinates.
public struct Chromaticities: Sendable, Hashable {
    var whiteX, whiteY, redX, redY, greenX, greenY, blueX, blueY: Double

    public init(white: (Double, Double), red: (Double, Double), green: (Double, Double), blue: (Double, Double)) {
        (whiteX, whiteY, redX, redY) = (white.0, white.1, red.0, red.1)
        (greenX, greenY, blueX, blueY) = (green.0, green.1, blue.0, blue.1)
    }

    static let d65 = (0.3127, 0.3290)
    /// BT.709 and sRGB.
    public static let bt709 = Chromaticities(white: d65, red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060))
    /// Display P3 (SMPTE EG 432-1): DCI-P3 primaries with a D65 white.
    public static let displayP3 = Chromaticities(white: d65, red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))
    /// BT.2020 and BT.2100.
    public static let bt2020 = Chromaticities(white: d65, red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046))

    /// Whether every coordinate is within `tolerance` of `other`'s.
    func isClose(to other: Chromaticities, tolerance: Double = 0.002) -> Bool {
        let mine = [whiteX, whiteY, redX, redY, greenX, greenY, blueX, blueY]
        let theirs = [other.whiteX, other.whiteY, other.redX, other.redY, other.greenX, other.greenY, other.blueX, other.blueY]
        return zip(mine, theirs).allSatisfy { abs($0 - $1) <= tolerance }
    }
}

/// How coded values map to light.
public enum TransferCurve: Sendable, Hashable {
    /// IEC 61966-2-1's curve (and, as viewers treat it, BT.709's).
    case sRGB
    /// A pure power: 2.2 means light = value^2.2.
    case gamma(Double)
    /// HDR's curves (PQ, HLG), shown as SDR: HDR reference white at SDR
    /// white, highlights rolled off below it (`cimg_color_profile_hdr`).
    case perceptualQuantizer, hybridLogGamma
}
