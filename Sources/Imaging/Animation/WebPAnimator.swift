/// Encodes an animated WebP through libwebp's WebPAnimEncoder, one frame
/// at a time.
///
/// Each frame is compared with the canvas before it: only the rectangle
/// that changed is encoded, blended over the previous frame or replacing
/// it, whichever is smaller (frame differencing, libwebp's own); identical
/// frames merge. Durations are WebP's milliseconds, rounded with the error
/// carried, so 30 fps is 33, 34, 33 … and stays exact; the loop count is
/// written as asked.
///
/// Memory: the frame in hand and libwebp's few canvases, plus the
/// compressed frames, which libwebp keeps until `finish()` assembles the
/// file (the WebP container cannot be written frame by frame).
///
/// Related documentation: libwebp's mux.h ("WebPAnimEncoder API").
public final class WebPAnimator: AnimationEncoding {
    public let size: PixelSize
    public let options: WebPAnimationOptions
    /// Frames added so far.
    public private(set) var frameCount = 0
    /// One frame in hand: libwebp copies each into its own canvas.
    public var peakFramesHeld: Int { frameCount > 0 ? 1 : 0 }

    /// Released once the file is written (it holds the assembled file).
    private var encoder: WebPAnimationEncoder?
    private let sink: any ByteSink
    private var clock = FrameClock.milliseconds
    private var finished = false

    /// - Parameter sink: receives the whole file on `finish()`.
    public init(size: PixelSize, options: WebPAnimationOptions = WebPAnimationOptions(),
                sink: any ByteSink) throws(ImagingError) {
        self.size = size
        self.options = options
        self.sink = sink
        encoder = try WebPAnimationEncoder(size: size, options: options)
    }

    /// Adds the next frame, shown for `milliseconds`.
    public func add(_ frame: Image, milliseconds: Double) throws(ImagingError) {
        precondition(!finished && frame.size == size, "a frame of \(frame.size) added to a \(size) WebP")
        let start = clock.written
        _ = clock.tick(milliseconds)
        try encoder!.add(frame.opaqueRGBA(), timestamp: start)
        frameCount += 1
    }

    /// Adds the next frame with its duration in whole milliseconds.
    public func add(_ frame: Image, wholeMilliseconds: Int) throws(ImagingError) {
        try add(frame, milliseconds: Double(wholeMilliseconds))
    }

    /// Assembles the file and hands it to the sink.
    public func finish() throws(ImagingError) {
        precondition(!finished, "finish() called twice")
        finished = true
        let xmp = options.mark.map { Array(OutputMark.xmpPacket(creatorTool: $0).utf8) }
        let sink = self.sink
        defer { encoder = nil }
        try encoder!.finish(end: clock.written, xmp: xmp) { bytes throws(ImagingError) in try sink.append(bytes) }
    }

    /// The WebP's bytes for `frames` (all the same size) and their durations in milliseconds.
    public static func encode(_ frames: [Image], milliseconds: [Double],
                              options: WebPAnimationOptions = WebPAnimationOptions()) throws(ImagingError) -> [UInt8] {
        precondition(!frames.isEmpty && frames.count == milliseconds.count)
        let sink = MemorySink()
        let animator = try WebPAnimator(size: frames[0].size, options: options, sink: sink)
        for (frame, duration) in zip(frames, milliseconds) { try animator.add(frame, milliseconds: duration) }
        try animator.finish()
        return sink.bytes
    }
}
