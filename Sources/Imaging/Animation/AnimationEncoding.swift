/// An animation encoder that takes the frames one at a time, in order, and
/// hands the file's bytes to a `ByteSink`: what lets an animation of any
/// length be made with a few frames in memory. `GIFAnimationStream` and
/// `WebPAnimator` are two.
public protocol AnimationEncoding: AnyObject {
    /// The canvas: every frame has this size.
    var size: PixelSize { get }
    /// The most canvas-sized frames the encoder held at once, for tests and benchmarks.
    var peakFramesHeld: Int { get }

    /// Adds the next frame, shown for `milliseconds` (exact: the encoder
    /// rounds to its format's unit with the error carried from frame to frame).
    func add(_ frame: Image, milliseconds: Double) throws(ImagingError)

    /// Ends the animation: every byte has gone to the sink.
    func finish() throws(ImagingError)
}
