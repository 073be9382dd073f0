/// A decoder for one format, registered in `ImageDecoders`: it recognises
/// its files by content, reads their header, then decodes their pixels.
///
/// The core never asks which format a file is; it asks the file's decoder.
public protocol ImageDecoding: Sendable {
    /// The format read.
    var format: ImageFormat { get }
    /// Lowercase file-name extensions, without the dot ("jpg", "jpeg"): the
    /// folder walk takes files so named (and reports them if their content
    /// is something else).
    var fileExtensions: [String] { get }
    /// Bytes `sniff` needs from the start of a file (64 by default).
    var signatureLength: Int { get }
    /// Whether the format can hold an animation (so a caller streams its frames).
    var canAnimate: Bool { get }
    /// The library that reads the format, for `filmroll --version`; nil
    /// (the default) for the libraries Filmroll always names.
    var library: LibraryVersion? { get }

    /// Whether a file that starts with `head` (`signatureLength` bytes, fewer
    /// for a shorter file) is in this format.
    func sniff(_ head: [UInt8]) -> Bool

    /// Reads the header and metadata; decodes no pixels.
    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo

    /// Decodes frames as stored (not yet upright, in the file's own colours),
    /// choosing a shrink-on-load scale when the format has one. Limits were
    /// checked by the caller.
    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int)

    /// The size of each decoded frame as stored: smaller than stored when
    /// the format shrinks on load. Must agree with `decodeStored`.
    func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize

    /// Bytes per stored pixel the library allocates besides the output (a
    /// progressive JPEG's coefficients, libheif's planes); 0 by default.
    func workingBytesPerPixel(_ info: ImageInfo) -> Int

    /// `decodeStored`, with the damage the decode went past (see
    /// `DecodedImage.warnings`). By default there is none to tell.
    func decodeStoredWithWarnings(_ bytes: UnsafeRawBufferPointer, info: ImageInfo, options: DecodeOptions)
        throws(ImagingError) -> (frames: [ImageFrame], scale: Int, warnings: [String])

    /// Frames decoded one at a time straight from an open file, for an
    /// animation too long to hold (GIF), with the header read from it; nil
    /// (the default) when the format reads from bytes.
    func openFrames(descriptor: Int32, limits: DecodeLimits) throws(ImagingError) -> (info: ImageInfo, frames: any FrameDecoding)?

    /// Frames decoded one at a time from the file's bytes, when `info` is an
    /// animation (WebP); nil (the default) to decode it as a still.
    func openFrames(_ bytes: [UInt8], info: ImageInfo) throws(ImagingError) -> (any FrameDecoding)?

    /// Frames decoded one at a time from the file at `path` by a library
    /// that reads it itself, when `info` is an animation (an AVIF
    /// sequence's track, through FFmpeg); nil (the default) otherwise.
    func openFrames(path: String, info: ImageInfo, limits: DecodeLimits) throws(ImagingError) -> (any FrameDecoding)?

    /// The file's EXIF as an APP1 payload ("Exif\0\0" + TIFF), to carry over
    /// to a derived image; nil (the default) when it has none or the format
    /// cannot say.
    func exifPayload(_ bytes: UnsafeRawBufferPointer) -> [UInt8]?

    /// Whether the decoder reads its files itself, by path (a video: gigabytes
    /// that are never read whole). Then `readInfo(path:limits:)` and
    /// `decodeStored(path:info:options:)` stand for the byte-based calls,
    /// which are never made. False by default.
    var readsFiles: Bool { get }

    /// The header and metadata of the file at `path` (`readsFiles` decoders).
    func readInfo(path: String, limits: DecodeLimits) throws(ImagingError) -> ImageInfo

    /// One picture of the file at `path`, as stored, for `options.target`
    /// (`readsFiles` decoders; a video's poster frame).
    func decodeStored(path: String, info: ImageInfo, options: DecodeOptions) throws(ImagingError)
        -> (frames: [ImageFrame], scale: Int)
}

/// An animation's frames composited one at a time, as stored (the caller
/// turns them upright and tags them with their colour space).
public protocol FrameDecoding: AnyObject {
    /// The next frame; the caller asks no more than the header's count.
    func next() throws(ImagingError) -> ImageFrame
}

extension ImageDecoding {
    public var signatureLength: Int { 64 }
    public var canAnimate: Bool { false }
    public var library: LibraryVersion? { nil }

    public func decodeStoredWithWarnings(_ bytes: UnsafeRawBufferPointer, info: ImageInfo, options: DecodeOptions)
        throws(ImagingError) -> (frames: [ImageFrame], scale: Int, warnings: [String]) {
        let (frames, scale) = try decodeStored(bytes, info: info, options: options)
        return (frames, scale, [])
    }

    /// Frames the decode will produce, for the limit check.
    public func decodedFrameCount(_ info: ImageInfo, options: DecodeOptions) -> Int {
        options.frames == .all ? info.metadata.frameCount : 1
    }

    public func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize { info.storedSize }
    public func workingBytesPerPixel(_ info: ImageInfo) -> Int { 0 }

    public func openFrames(descriptor: Int32, limits: DecodeLimits) throws(ImagingError)
        -> (info: ImageInfo, frames: any FrameDecoding)? { nil }
    public func openFrames(_ bytes: [UInt8], info: ImageInfo) throws(ImagingError) -> (any FrameDecoding)? { nil }
    public func openFrames(path: String, info: ImageInfo, limits: DecodeLimits) throws(ImagingError)
        -> (any FrameDecoding)? { nil }
    public func exifPayload(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? { nil }

    public var readsFiles: Bool { false }
    public func readInfo(path: String, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        preconditionFailure("\(format) decoders read bytes")
    }
    public func decodeStored(path: String, info: ImageInfo, options: DecodeOptions) throws(ImagingError)
        -> (frames: [ImageFrame], scale: Int) {
        preconditionFailure("\(format) decoders read bytes")
    }
}

extension UnsafeRawBufferPointer {
    /// The bytes in `range`, or nil when the range is missing or outside.
    func slice(_ range: Range<Int>?) -> UnsafeRawBufferPointer? {
        guard let range, range.lowerBound >= 0, range.upperBound <= count else { return nil }
        return UnsafeRawBufferPointer(rebasing: self[range])
    }
}
