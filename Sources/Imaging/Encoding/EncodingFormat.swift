/// An output's encoder with its options: what a caller passes to
/// `ImageEncoder.encode`. Hashable, and its `cacheIdentifier` (the
/// options') is part of the output's key.
///
/// Made by an encoder of the registry (`ImageEncoders.encoder(forOutputPath:)`
/// then `encoding(_:)`), or for a built-in format by name (`.jpeg(options)`).
public struct EncodingFormat: Sendable, Hashable, CacheIdentifiable {
    private let encoding: any ErasedEncoding

    public init<Encoder: ImageEncoding>(_ encoder: Encoder, options: Encoder.Options) {
        encoding = Encoding(encoder: encoder, options: options)
    }

    /// A JPEG with `options`.
    public static func jpeg(_ options: JPEGEncodingOptions) -> EncodingFormat { EncodingFormat(JPEGEncoder(), options: options) }

    /// A PNG with `options`.
    public static func png(_ options: PNGEncodingOptions) -> EncodingFormat { EncodingFormat(PNGEncoder(), options: options) }

    /// The format written.
    public var format: ImageFormat { encoding.format }
    /// The extension Filmroll names such files with ("jpg").
    public var fileExtension: String { encoding.fileExtension }
    /// Whether transparency survives (else it is laid over a background).
    public var keepsAlpha: Bool { encoding.keepsAlpha }
    /// Bytes per pixel the encoder holds besides the image (`ImageEncoding.workingBytesPerPixel`).
    public var workingBytesPerPixel: Int { encoding.workingBytesPerPixel }
    /// The options' identifier: the same text as the options alone give.
    public var cacheIdentifier: String { encoding.cacheIdentifier }

    /// The same encoding with `mark` written into the file.
    public func marked(_ mark: OutputMark) -> EncodingFormat { encoding.marked(mark) }

    /// The same encoding embedding `profile` (ICC), unless it embeds one
    /// already or its format holds none.
    func embedding(_ profile: [UInt8]) -> EncodingFormat { encoding.embedding(profile) }

    /// The file's bytes for `image`, as the encoder takes it.
    func encode(_ image: Image) throws(ImagingError) -> [UInt8] { try encoding.encode(image) }

    public static func == (lhs: EncodingFormat, rhs: EncodingFormat) -> Bool { lhs.encoding.isEqual(to: rhs.encoding) }
    public func hash(into hasher: inout Hasher) { encoding.hash(into: &hasher) }
}

/// An encoder and its options, their type hidden so that `EncodingFormat`
/// holds any encoder's.
private protocol ErasedEncoding: Sendable {
    var format: ImageFormat { get }
    var fileExtension: String { get }
    var keepsAlpha: Bool { get }
    var workingBytesPerPixel: Int { get }
    var cacheIdentifier: String { get }
    func marked(_ mark: OutputMark) -> EncodingFormat
    func embedding(_ profile: [UInt8]) -> EncodingFormat
    func encode(_ image: Image) throws(ImagingError) -> [UInt8]
    func isEqual(to other: any ErasedEncoding) -> Bool
    func hash(into hasher: inout Hasher)
}

private struct Encoding<Encoder: ImageEncoding>: ErasedEncoding {
    let encoder: Encoder
    let options: Encoder.Options

    var format: ImageFormat { encoder.format }
    var fileExtension: String { encoder.preferredExtension }
    var keepsAlpha: Bool { encoder.keepsAlpha }
    var workingBytesPerPixel: Int { encoder.workingBytesPerPixel(options) }
    var cacheIdentifier: String { options.cacheIdentifier }

    func marked(_ mark: OutputMark) -> EncodingFormat { EncodingFormat(encoder, options: encoder.marking(options, with: mark)) }
    func embedding(_ profile: [UInt8]) -> EncodingFormat { EncodingFormat(encoder, options: encoder.embedding(profile, in: options)) }
    func encode(_ image: Image) throws(ImagingError) -> [UInt8] { try encoder.encode(image, options: options) }

    /// Equal when the same kind of encoder, for the same format, has equal options.
    func isEqual(to other: any ErasedEncoding) -> Bool {
        guard let other = other as? Self else { return false }
        return format == other.format && options == other.options
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(options)
    }
}
