/// An encoder of still images in one format, registered in `ImageEncoders`:
/// it names its format and extensions, turns what a caller asks of any
/// format (`EncodingSettings`) into its own options, writes Filmroll's
/// `OutputMark` into its files and finds it there again.
///
/// The core never asks which format an output is; it asks the output's
/// encoder, as it asks an input's decoder (`ImageDecoding`).
public protocol ImageEncoding: Sendable {
    /// The encoder's own settings (`JPEGEncodingOptions`): part of an
    /// output's key through their `cacheIdentifier`, so equal options must
    /// give equal identifiers in every run and version.
    associatedtype Options: Sendable, Hashable, CacheIdentifiable

    /// The format written.
    var format: ImageFormat { get }
    /// Lowercase file-name extensions without the dot that ask for this
    /// format ("jpg", "jpeg"); the first is the one Filmroll names its files with.
    var fileExtensions: [String] { get }
    /// Whether transparency survives; when not, `ImageEncoder` lays an RGBA
    /// image over a background before `encode` sees it.
    var keepsAlpha: Bool { get }

    /// The options for what a caller asks (`settings.mark` written, when set).
    func options(for settings: EncodingSettings) -> Options

    /// `options` with `mark` written into the file, in place of any other mark.
    func marking(_ options: Options, with mark: OutputMark) -> Options

    /// `options` embedding `profile` (ICC) unless they embed one already;
    /// unchanged (the default) for a format that cannot hold a profile.
    func embedding(_ profile: [UInt8], in options: Options) -> Options

    /// Why the format cannot hold `profile` for `pixels`, or nil when
    /// `embedding` writes it (the default).
    func refusal(of profile: ColorProfile, for pixels: PixelFormat) -> String?

    /// Bytes per pixel of the image the encoder holds while encoding with
    /// `options`, besides the image itself and at its peak, for the memory
    /// budget (the output as large as RGBA pixels by default).
    func workingBytesPerPixel(_ options: Options) -> Int

    /// The file's bytes. The image is RGB or gray when `keepsAlpha` is false.
    func encode(_ image: Image, options: Options) throws(ImagingError) -> [UInt8]

    /// The texts that may hold Filmroll's mark in `file` (a JPEG's comments,
    /// a PNG's `Software` texts) when it is a file of this format; empty
    /// when it is not, or has none.
    func markTexts(in file: SearchedFile) -> [String]
}

extension ImageEncoding {
    public func workingBytesPerPixel(_ options: Options) -> Int { 4 }
    public func embedding(_ profile: [UInt8], in options: Options) -> Options { options }
    public func refusal(of profile: ColorProfile, for pixels: PixelFormat) -> String? { nil }

    /// The encoding that writes `settings` through this encoder.
    public func encoding(_ settings: EncodingSettings = EncodingSettings()) -> EncodingFormat {
        EncodingFormat(self, options: options(for: settings))
    }

    /// The extension Filmroll names its files with ("jpg").
    public var preferredExtension: String { fileExtensions.first ?? format.rawValue }
}
