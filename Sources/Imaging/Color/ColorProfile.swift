/// An ICC profile as a file carries it: its bytes, and a hash of them that
/// names it (transforms are built once per distinct profile, found by it).
public struct ColorProfile: Sendable, Hashable {
    public let bytes: [UInt8]
    /// XXH3-128 of the bytes, in two halves.
    let key: ProfileKey

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        key = ProfileKey(bytes)
    }

    public static func == (lhs: ColorProfile, rhs: ColorProfile) -> Bool { lhs.key == rhs.key && lhs.bytes == rhs.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// What the profile says of itself: "Display P3", RGB, version 4.
    public var facts: ColorProfileFacts? { try? ColorManagement.describe(self) }

    /// A matrix/TRC RGB profile for primaries and a transfer curve.
    public init(primaries: Chromaticities, transfer: TransferCurve, description: String) throws(ImagingError) {
        self = try ColorManagement.profile(primaries: primaries, transfer: transfer, description: description)
    }
}

/// The hash that names a profile.
struct ProfileKey: Sendable, Hashable {
    var low: UInt64
    var high: UInt64
}

/// What an ICC profile says of itself.
public struct ColorProfileFacts: Sendable, Hashable {
    public enum DataSpace: String, Sendable { case rgb = "RGB", gray = "gray", cmyk = "CMYK", other }
    public var dataSpace: DataSpace
    /// The profile's description tag: "Display P3", "sRGB IEC61966-2.1".
    public var description: String
    /// ICC version, e.g. 2.1 or 4.3.
    public var version: Double
}
