/// One decoded frame of a video and when it shows.
public struct VideoFrame: Sendable, Hashable {
    public var image: Image
    /// When it starts, in ticks of the stream's clock (`VideoInfo`).
    public var timeTicks: Int64
    /// How long it lasts, in ticks; 0 when the file does not say.
    public var durationTicks: Int64
}
