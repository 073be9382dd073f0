/// What a video file says about itself, read before any frame is decoded.
public struct VideoInfo: Sendable, Hashable {
    public var size: PixelSize
    /// Frames, as the container counts them (the MP4's sample table); 0 when it does not say.
    public var frameCount: Int
    /// The stream's clock: one tick is `tick.numerator / tick.denominator` seconds.
    public var tickNumerator: Int
    public var tickDenominator: Int
    /// The stream's length in ticks; 0 when unknown.
    public var durationTicks: Int64
    /// The average frame rate, when the container gives one.
    public var frameRate: FrameRate?
    /// The colour tags (H.273 code points; 2 is "unspecified").
    public var color: CICP
    /// Whether the pictures are 8-bit 4:2:0 (`VideoReader.nextPlanes()` needs it).
    public var isYUV420: Bool
    /// The decoder's name: "h264".
    public var codec: String

    /// The length in seconds.
    public var durationSeconds: Double {
        Double(durationTicks) * Double(tickNumerator) / Double(max(1, tickDenominator))
    }
}
