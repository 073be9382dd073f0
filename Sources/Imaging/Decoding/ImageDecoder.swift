import Files

/// The one way Filmroll turns bytes into upright pixels.
///
/// The format is sniffed from the content; the header is read and checked
/// against the limits before any pixel buffer exists; JPEGs shrink while
/// decoding to the smallest DCT scale that still covers the caller's target;
/// EXIF orientation is applied to the (already small) decoded image. The
/// colours are left as the file has them, each frame tagged with its colour
/// space (`Image.colorSpace`): the caller converts once, after its last
/// resize (`Image.convertedToSRGB()`), never a full-size frame.
public enum ImageDecoder {
    /// Reads the header and metadata of `bytes`; decodes no pixels.
    public static func readInfo(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(ImagingError) -> ImageInfo {
        let decoder = try decoder(for: bytes)
        return try withBytes(bytes) { raw throws(ImagingError) in try decoder.readInfo(raw, limits: limits) }
    }

    /// Decodes `bytes` upright, at no less than `options.target` where given.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(ImagingError) -> DecodedImage {
        try decode(bytes, info: try readInfo(bytes, limits: options.limits), options: options)
    }

    /// Decodes `bytes` whose header `info` was read before (by `readInfo`),
    /// so a caller can look at the header (and reserve memory) in between.
    public static func decode(_ bytes: [UInt8], info: ImageInfo,
                              options: DecodeOptions = DecodeOptions()) throws(ImagingError) -> DecodedImage {
        let decoder = try decoder(for: bytes)
        return try withBytes(bytes) { raw throws(ImagingError) in
            try options.limits.check(frameSize: info.storedSize, frames: decoder.decodedFrameCount(info, options: options))
            let (stored, scale, decodeWarnings) = try decoder.decodeStoredWithWarnings(raw, info: info, options: options)
            // The decode reads the header again: its warnings are not new.
            let warnings = info.warnings + decodeWarnings.filter { !info.warnings.contains($0) }
            return finish(stored, scale: scale, warnings: warnings, info: info, options: options)
        }
    }

    /// Frames as a decoder gave them, tagged with their colour space and
    /// turned upright unless the options say not to.
    static func finish(_ stored: [ImageFrame], scale: Int, warnings: [String], info: ImageInfo,
                       options: DecodeOptions) -> DecodedImage {
        let frames = stored.map { tagged($0, info: info) }
        guard options.appliesOrientation else {
            return DecodedImage(info: info, frames: frames, decodeScale: scale, warnings: warnings)
        }
        let orientation = info.metadata.orientation
        let upright = frames.map {
            ImageFrame(image: $0.image.applying(orientation), delayMilliseconds: $0.delayMilliseconds)
        }
        return DecodedImage(info: info, frames: upright, decodeScale: scale, warnings: warnings)
    }

    /// The pixels a decode of `info` with `options` will allocate: the
    /// (shrunk-on-load) size of one frame times the frames decoded.
    public static func plannedPixels(_ info: ImageInfo, options: DecodeOptions) -> Int {
        guard let decoder = ImageDecoders.decoder(for: info.format) else { return info.storedSize.pixelCount }
        return decoder.decodedSize(info, options: options).pixelCount * decoder.decodedFrameCount(info, options: options)
    }

    /// The bytes a decode of `info` with `options` holds at its peak: its
    /// frames (RGB8, or RGBA8 with alpha), the library's own working
    /// memory at the stored size (a progressive JPEG's coefficients,
    /// libheif's planes, libwebp's lossless rows, a GIF's canvas) and an
    /// eighth more for the resize and copies made from it. What
    /// `MemoryBudget` is asked for before the decode allocates.
    public static func plannedBytes(_ info: ImageInfo, options: DecodeOptions) -> Int {
        let pixels = plannedPixels(info, options: options).multipliedReportingOverflow(by: info.hasAlpha ? 4 : 3)
        let perPixel = ImageDecoders.decoder(for: info.format)?.workingBytesPerPixel(info) ?? 4
        let working = info.storedSize.pixelCount.multipliedReportingOverflow(by: perPixel)
        guard !pixels.overflow, !working.overflow else { return .max }
        return pixels.partialValue + pixels.partialValue / 8 + working.partialValue
    }

    /// Reads a file and decodes it; see `decode(_:options:)`.
    public static func decode(contentsOf path: String, options: DecodeOptions = DecodeOptions()) throws(ImagingError) -> DecodedImage {
        let file = try ImageFile.open(path, limit: options.limits.maxFileBytes)
        return try file.decode(info: try file.readInfo(limits: options.limits), options: options)
    }

    /// Reads a file's header; see `readInfo(_:limits:)`. Only the file's
    /// bytes are read, no pixels decoded.
    public static func readInfo(contentsOf path: String, limits: DecodeLimits = .default) throws(ImagingError) -> ImageInfo {
        try ImageFile.open(path, limit: limits.maxFileBytes).readInfo(limits: limits)
    }

    /// `frame` as a decoder gave it, tagged with the colour space its pixels
    /// are in: the one place a decoded image learns its colours, so a
    /// decoder only says what the file says (`ImageInfo.colorSpace`).
    static func tagged(_ frame: ImageFrame, info: ImageInfo) -> ImageFrame {
        var frame = frame
        frame.image.colorSpace = info.decodedColorSpace
        return frame
    }

    /// The decoder of `bytes`, or why there is none. A decoder that reads
    /// its files by path (a video's) is refused unless `byPath`: the bytes
    /// in memory are not what it reads.
    static func decoder(for bytes: [UInt8], byPath: Bool = false) throws(ImagingError) -> any ImageDecoding {
        if bytes.isEmpty { throw .emptyFile }
        guard let decoder = ImageDecoders.decoder(forHead: Array(bytes.prefix(ImageDecoders.signatureLength))) else {
            throw UnsupportedFormat.sniff(bytes).map { .unsupportedFormat($0.displayName) } ?? .unrecognizedFormat
        }
        if decoder.readsFiles && !byPath { throw .unsupportedFormat("\(decoder.format.displayName) video, here") }
        return decoder
    }

    private static func withBytes<T>(_ bytes: [UInt8],
                                     _ body: (UnsafeRawBufferPointer) throws(ImagingError) -> T) throws(ImagingError) -> T {
        var result: Result<T, ImagingError>!
        bytes.withUnsafeBytes { raw in
            do throws(ImagingError) { result = .success(try body(raw)) } catch { result = .failure(error) }
        }
        return try result.get()
    }
}
