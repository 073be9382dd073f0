#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An image's frames decoded one at a time, upright and in the file's own
/// colours (tagged on each frame; the caller converts after resizing), for
/// animations too long to hold decoded, by the file's decoder: a GIF is
/// read from its file block by block and composited on one screen; an
/// animated WebP's compressed bytes are held and its frames composited by
/// libwebp's WebPAnimDecoder, an animated PNG's by `APNGFrameDecoder`, an
/// AVIF sequence's track by FFmpeg; any other image gives its one frame (decoded
/// when it is asked for, so opening a reader is cheap).
///
/// The header is read and the limits checked before the first frame (the
/// frame count, the frame's pixels, and the pixels of all frames together),
/// as `ImageDecoder.decode` checks them.
public final class FrameReader {
    public let path: String
    public let info: ImageInfo
    /// Frames given so far.
    public private(set) var framesRead = 0

    private enum Source {
        /// Streamed from the open file (a GIF).
        case file(any FrameDecoding, descriptor: Int32)
        /// From the file's bytes (an animated WebP or PNG), or from the file by its library (an AVIF sequence).
        case bytes(any FrameDecoding)
        /// The file's bytes until the frame is asked for.
        case still([UInt8]?)
        /// A video, read by its decoder: its poster stands as its one frame.
        case video(ImageFile)
    }

    private var source: Source
    private let limits: DecodeLimits

    /// Reads the header and checks the limits.
    /// - Throws: `ImagingError` (the file cannot be read, is not an image,
    ///   is damaged, or passes a limit).
    public init(contentsOf path: String, limits: DecodeLimits = .default) throws(ImagingError) {
        self.path = path
        let (descriptor, size) = try ImagingError.converting(try FileBytes.openRegular(path))
        var keepsDescriptor = false
        defer { if !keepsDescriptor { close(descriptor) } }
        if size > limits.maxFileBytes { throw .limitExceeded(.fileBytes(size: size, maximum: limits.maxFileBytes)) }
        if size == 0 { throw .emptyFile }
        var head = [UInt8](repeating: 0, count: min(size, ImageDecoders.signatureLength))
        _ = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }

        if let decoder = ImageDecoders.decoder(forHead: head),
           let (info, frames) = try decoder.openFrames(descriptor: descriptor, limits: limits) {
            self.info = info
            source = .file(frames, descriptor: descriptor)
            self.limits = limits
            keepsDescriptor = true
            return
        }
        if let decoder = ImageDecoders.decoder(forHead: head), decoder.readsFiles {
            // A video: its poster, as a still.
            let file = ImageFile(path: path, decoder: decoder, bytes: nil, byteCount: size)
            info = try file.readInfo(limits: limits)
            source = .video(file)
            self.limits = limits
            return
        }
        let bytes = try ImagingError.converting(try FileBytes.read(path, limit: limits.maxFileBytes))
        let decoder = try ImageDecoder.decoder(for: bytes)
        info = try ImageDecoder.readInfo(bytes, limits: limits)
        var frames = try decoder.openFrames(path: path, info: info, limits: limits)
        if frames == nil { frames = try decoder.openFrames(bytes, info: info) }
        if let frames {
            try limits.check(frameSize: info.storedSize, frames: info.metadata.frameCount)
            source = .bytes(frames)
        } else {
            source = .still(bytes)
        }
        self.limits = limits
    }

    deinit {
        if case let .file(_, descriptor) = source { close(descriptor) }
    }

    /// The number of frames the header counts.
    public var frameCount: Int { info.metadata.frameCount }

    /// Whether the file is an animation (more than one frame).
    public var isAnimation: Bool { frameCount > 1 }

    /// The next frame, upright, in the file's colours (`image.colorSpace`),
    /// with its delay; nil after the last.
    /// - Throws: `ImagingError` when the frame cannot be decoded.
    public func next() throws(ImagingError) -> ImageFrame? {
        guard framesRead < frameCount else { return nil }
        var frame: ImageFrame
        switch source {
        case let .file(decoder, _): frame = try decoder.next()
        case let .bytes(decoder): frame = try decoder.next()
        case let .still(bytes):
            guard let bytes else { return nil }
            source = .still(nil)
            framesRead += 1
            return try ImageDecoder.decode(bytes, info: info, options: DecodeOptions(limits: limits)).frames[0]
        case let .video(file):
            framesRead += 1
            return try file.decode(info: info, options: DecodeOptions(limits: limits)).frames[0]
        }
        framesRead += 1
        frame = ImageDecoder.tagged(frame, info: info)
        frame.image = frame.image.applying(info.metadata.orientation)
        return frame
    }
}
