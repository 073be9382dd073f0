/// Colour described by ITU-T H.273 code points, as HEIF's `nclx` box and
/// AVIF carry them instead of an ICC profile.
public struct CICP: Sendable, Hashable, CustomStringConvertible {
    public var primaries: Int
    public var transfer: Int
    public var matrix: Int
    public var fullRange: Bool

    public init(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// The primaries' chromaticities; nil for code points with no known
    /// values (2, "unspecified", is read as BT.709, as viewers do).
    var chromaticities: Chromaticities? {
        switch primaries {
        case 1, 2: .bt709
        case 9: .bt2020
        case 12: .displayP3
        case 11: Chromaticities(white: (0.314, 0.351), red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))
        case 5: Chromaticities(white: Chromaticities.d65, red: (0.640, 0.330), green: (0.290, 0.600), blue: (0.150, 0.060))
        case 6, 7: Chromaticities(white: Chromaticities.d65, red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070))
        default: nil
        }
    }

    /// The transfer curve; HDR's (PQ 16, HLG 18) tone-mapped to SDR; nil for unknown values.
    var transferCurve: TransferCurve? {
        switch transfer {
        case 1, 2, 6, 13, 14, 15: .sRGB
        case 4: .gamma(2.2)
        case 5: .gamma(2.8)
        case 8: .gamma(1.0)
        case 16: .perceptualQuantizer
        case 18: .hybridLogGamma
        default: nil
        }
    }

    /// Whether this is sRGB already (BT.709 primaries, an sRGB-like curve).
    var isSRGB: Bool { chromaticities == .bt709 && transferCurve == .sRGB }

    /// "Display P3", "BT.2020 PQ", or the code points.
    public var description: String {
        let names = [1: "BT.709", 2: "unspecified", 9: "BT.2020", 11: "DCI-P3", 12: "Display P3", 5: "BT.601 PAL",
                     6: "BT.601", 7: "SMPTE 240M"]
        let curves = [16: " PQ", 18: " HLG", 8: " linear"]
        if isSRGB { return "sRGB (nclx \(primaries)/\(transfer)/\(matrix))" }
        guard let name = names[primaries] else { return "nclx \(primaries)/\(transfer)/\(matrix)" }
        return name + (curves[transfer] ?? "")
    }
}
