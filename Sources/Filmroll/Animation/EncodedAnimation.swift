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
