/// The one way Filmroll turns bytes into upright pixels.
///
/// The format is sniffed from the content; the header is read and checked
/// against the limits before any pixel buffer exists; JPEGs shrink while
/// decoding to the smallest DCT scale that still covers the caller's target;
/// EXIF orientation is applied to the (already small) decoded image.
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
            let (frames, scale, decodeWarnings) = try decoder.decodeStoredWithWarnings(raw, info: info, options: options)
            // The decode reads the header again: its warnings are not new.
            let warnings = info.warnings + decodeWarnings.filter { !info.warnings.contains($0) }
            guard options.appliesOrientation else {
                return DecodedImage(info: info, frames: frames, decodeScale: scale, warnings: warnings)
            }
            let orientation = info.metadata.orientation
            let upright = frames.map {
                ImageFrame(image: $0.image.applying(orientation), delayCentiseconds: $0.delayCentiseconds)
            }
            return DecodedImage(info: info, frames: upright, decodeScale: scale, warnings: warnings)
        }
    }

    /// The pixels a decode of `info` with `options` will allocate: the
    /// (shrunk-on-load) size of one frame times the frames decoded.
    public static func plannedPixels(_ info: ImageInfo, options: DecodeOptions) -> Int {
        let frames = options.frames == .all ? info.metadata.frameCount : 1
        guard info.format == .jpeg else { return info.storedSize.pixelCount * frames }
        let numerator = ShrinkOnLoad.jpegScale(for: info, target: options.target)
        return ShrinkOnLoad.jpegScaledSize(info.storedSize, numerator: numerator).pixelCount
    }

    /// Reads a file and decodes it; see `decode(_:options:)`.
    public static func decode(contentsOf path: String, options: DecodeOptions = DecodeOptions()) throws(ImagingError) -> DecodedImage {
        try decode(try FileBytes.read(path, limit: options.limits.maxFileBytes), options: options)
    }

    /// Reads a file's header; see `readInfo(_:limits:)`. Only the file's
    /// bytes are read, no pixels decoded.
    public static func readInfo(contentsOf path: String, limits: DecodeLimits = .default) throws(ImagingError) -> ImageInfo {
        try readInfo(try FileBytes.read(path, limit: limits.maxFileBytes), limits: limits)
    }

    private static func decoder(for bytes: [UInt8]) throws(ImagingError) -> any ImageDecoding {
        if bytes.isEmpty { throw .emptyFile }
        switch ImageFormat.sniff(bytes) {
        case .jpeg: return JPEGDecoder()
        case .png: return PNGDecoder()
        case .gif: return GIFDecoder()
        case nil: throw UnsupportedFormat.sniff(bytes).map { .unsupportedFormat($0.displayName) } ?? .unrecognizedFormat
        }
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
