import Files

/// What a decoded image's numbers mean as colours, and where the file said so.
public enum ColorSpace: Sendable, Hashable, CustomStringConvertible {
    /// sRGB, said by the file or assumed because it says nothing.
    case sRGB
    /// An embedded ICC profile (JPEG APP2, PNG iCCP, HEIF colr prof, WebP ICCP).
    case icc(ColorProfile)
    /// HEIF/AVIF code points (nclx).
    case cicp(CICP)
    /// PNG cHRM and gAMA chunks, without an sRGB or iCCP chunk.
    case chromaticities(Chromaticities, gamma: Double)

    /// The profile to convert from, or nil when the pixels are sRGB already
    /// or the space is one no profile describes (an unknown curve or primaries).
    func sourceProfile() -> ColorProfile? {
        switch self {
        case .sRGB: return nil
        case .icc(let profile): return profile
        case .cicp(let cicp):
            guard !cicp.isSRGB, let primaries = cicp.chromaticities, let curve = cicp.transferCurve else { return nil }
            return ProfileMemo.shared.profile(primaries: primaries, transfer: curve, description: cicp.description)
        case let .chromaticities(primaries, gamma):
            // A 2.2-ish gamma with sRGB primaries is how old encoders wrote sRGB.
            let curve: TransferCurve = abs(gamma - 1 / 2.2) < 0.01 || gamma <= 0 ? .sRGB : .gamma(1 / gamma)
            if primaries.isClose(to: .bt709) && curve == .sRGB { return nil }
            return ProfileMemo.shared.profile(primaries: primaries, transfer: curve, description: "PNG cHRM/gAMA")
        }
    }

    /// The ICC profile an output keeping these colours should embed: the
    /// file's own, or one made from its code points or chromaticities; nil
    /// for sRGB.
    public var embeddableProfile: ColorProfile? {
        if case .icc(let profile) = self { return profile }
        return sourceProfile()
    }

    /// Whether the file said nothing, or said sRGB.
    public var isSRGB: Bool { if case .sRGB = self { true } else { false } }

    /// Whether decoding converts these colours (false for sRGB said any way
    /// but an ICC profile, whose transform may still turn out to be identity).
    public var needsConversion: Bool { sourceProfile() != nil }

    /// Where the description comes from: "none", "icc", "nclx", "cHRM/gAMA".
    public var source: String {
        switch self {
        case .sRGB: "none"
        case .icc: "icc"
        case .cicp: "nclx"
        case .chromaticities: "cHRM/gAMA"
        }
    }

    /// "sRGB", the profile's description, or the nclx primaries.
    public var description: String {
        switch self {
        case .sRGB: "sRGB"
        case .icc(let profile):
            profile.facts.map { $0.description.isEmpty ? "ICC profile (\($0.dataSpace.rawValue))"
                : ColorSpaceName.readable($0.description) }
                ?? "ICC profile (unreadable)"
        case .cicp(let cicp): cicp.description
        case let .chromaticities(primaries, gamma):
            primaries.isClose(to: .bt709) ? "sRGB primaries, gamma \(Self.rounded(1 / gamma))"
                : "PNG chromaticities, gamma \(Self.rounded(1 / gamma))"
        }
    }

    private static func rounded(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}

/// Profiles built from code points, made once each (and as many kept as
/// the transform cache keeps: a folder of PNGs each with its own cHRM
/// values must not grow it without end).
final class ProfileMemo: Sendable {
    static let shared = ProfileMemo()
    private struct Key: Hashable { var primaries: Chromaticities; var transfer: TransferCurve }
    private let profiles = Locked<[Key: ColorProfile]>([:])
    private let capacity = 64

    func profile(primaries: Chromaticities, transfer: TransferCurve, description: String) -> ColorProfile? {
        let key = Key(primaries: primaries, transfer: transfer)
        if let known = profiles.withLock({ $0[key] }) { return known }
        guard let made = try? ColorProfile(primaries: primaries, transfer: transfer, description: description) else { return nil }
        profiles.withLock { profiles in
            if profiles.count >= capacity { profiles.removeAll(keepingCapacity: true) }
            profiles[key] = made
        }
        return made
    }
}
