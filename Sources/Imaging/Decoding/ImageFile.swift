import Files

/// A file opened for decoding: its decoder, found by its first bytes, and
/// its bytes, read whole unless the decoder reads the file itself (a
/// video, `ImageDecoding.readsFiles`), which is then never read here.
public struct ImageFile: Sendable {
    public let path: String
    public let decoder: any ImageDecoding
    /// The whole file; nil when the decoder reads it by path.
    public let bytes: [UInt8]?
    /// The file's size when it was opened.
    public let byteCount: Int

    /// Opens `path`: reads its head, finds its decoder, and reads the rest
    /// when the decoder takes bytes.
    /// - Throws: `.fileSystem` (`.tooLarge` past `limit` for a file read
    ///   whole), `.emptyFile`, `.unsupportedFormat` or `.unrecognizedFormat`.
    public static func open(_ path: String, limit: Int) throws(ImagingError) -> ImageFile {
        let headCount = ImageDecoders.signatureLength
        let (bytes, stoppedAtHead, size) = try ImagingError.converting(try FileBytes.read(path, limit: limit, headCount: headCount) {
            ImageDecoders.decoder(forHead: $0)?.readsFiles == true
        })
        let decoder = try ImageDecoder.decoder(for: bytes, byPath: true)
        return ImageFile(path: path, decoder: decoder, bytes: stoppedAtHead ? nil : bytes, byteCount: size)
    }

    /// Reads the header and metadata; decodes no pixels.
    public func readInfo(limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        guard let bytes else { return try decoder.readInfo(path: path, limits: limits) }
        return try ImageDecoder.readInfo(bytes, limits: limits)
    }

    /// Decodes the file whose header `info` was read before; see `ImageDecoder.decode(_:info:options:)`.
    public func decode(info: ImageInfo, options: DecodeOptions) throws(ImagingError) -> DecodedImage {
        guard let bytes else {
            try options.limits.check(frameSize: info.storedSize)
            let (stored, scale) = try decoder.decodeStored(path: path, info: info, options: options)
            return ImageDecoder.finish(stored, scale: scale, warnings: info.warnings, info: info, options: options)
        }
        return try ImageDecoder.decode(bytes, info: info, options: options)
    }
}
