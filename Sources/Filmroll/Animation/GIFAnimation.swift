import Imaging

/// An animated GIF a `GIFMaker` encoded.
public struct GIFAnimation: Sendable {
    /// The GIF file's bytes.
    public var bytes: [UInt8]
    public var canvas: PixelSize
    /// Frames played, the `bounce` ones included (identical neighbours may
    /// merge in the file).
    public var frameCount: Int
}
