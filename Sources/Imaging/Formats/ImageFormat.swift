/// A file format Filmroll reads or writes, named by its decoder or encoder.
///
/// Not a closed list: each decoder declares its own format beside it
/// (`ImageFormat.jpeg` in `JPEGDecoder.swift`) and `ImageDecoders` holds
/// the ones registered. The raw value is what the catalog stores.
public struct ImageFormat: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// "jpeg", "png", "heif": short, lowercase, stable (stored in catalogs).
    public let rawValue: String
    /// "JPEG", "WebP", "JPEG XL": how messages name the format.
    public let displayName: String

    public init(rawValue: String, displayName: String) {
        self.rawValue = rawValue
        self.displayName = displayName
    }

    /// The registered format with this raw value, or a format known only by
    /// its name (a catalog written by a build that had more decoders).
    public init(rawValue: String) {
        self = ImageDecoders.all.first { $0.format.rawValue == rawValue }?.format
            ?? ImageFormat(rawValue: rawValue, displayName: rawValue.uppercased())
    }

    public var description: String { displayName }

    public static func == (lhs: ImageFormat, rhs: ImageFormat) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Bytes a caller should read for `sniff`: the most any registered decoder needs.
    public static var signatureLength: Int { ImageDecoders.signatureLength }

    /// The format whose signature starts `bytes`, or nil when no registered decoder's matches.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
        ImageDecoders.decoder(forHead: Array(bytes.prefix(signatureLength)))?.format
    }

    /// The format an output file name asks for by its extension (`.jpg`,
    /// `.png`, `.gif`, `.webp`: any a registered encoder or animation
    /// writer claims), or nil. Used for outputs only.
    public static func forOutputPath(_ path: String) -> ImageFormat? {
        ImageEncoders.encoder(forOutputPath: path)?.format ?? ImageEncoders.animationWriter(forOutputPath: path)?.format
    }
}
