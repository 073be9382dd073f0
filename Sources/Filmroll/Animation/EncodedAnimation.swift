#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// An animation an `AnimationMaker` encoded: an animated GIF or WebP.
public struct EncodedAnimation: Sendable {
    /// The writer's format (`.gif`, `.webp`).
    public var format: ImageFormat
    /// The file's bytes from `animate`; nil from `make`, which writes them
    /// to the file as they are encoded.
    public var bytes: [UInt8]?
    /// The file's size in bytes.
    public var byteCount: Int
    public var canvas: PixelSize
    /// Frames played, the `bounce` ones included (identical neighbours may
    /// merge in the file).
    public var frameCount: Int
    /// The most canvas-sized frames in memory at once: decoded ahead and
    /// waiting in the encoder (with `bounce`, every frame, kept for the way
    /// back). For tests and benchmarks: it stays flat as animations grow.
    public var peakFramesInMemory: Int
}

extension EncodedAnimation {
    /// The animation at `path`, as its header tells it: one found already
    /// made, not encoded here; nil when it cannot be read.
    static func existing(at path: String, format: ImageFormat) -> EncodedAnimation? {
        guard let info = try? ImageDecoder.readInfo(contentsOf: path) else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return EncodedAnimation(format: format, bytes: nil, byteCount: Int(status.st_size), canvas: info.storedSize,
                                frameCount: info.metadata.frameCount, peakFramesInMemory: 0)
    }
}
