/// Encodes frames (already sized to the canvas) as an animated GIF.
///
/// Consecutive identical frames merge, their delays summed. After the
/// first frame, each frame is written as the rectangle that changed, with
/// the pixels that did not change (within `stillTolerance` of what the
/// viewer shows there) transparent, so static areas keep their colours
/// instead of shimmering, and the file is smaller. Palettes come from
/// libimagequant: one shared palette when it loses nothing visible against
/// the quality asked for, else one per frame, built from the changed
/// pixels only. Frames are quantized in parallel.
///
/// `stream(size:to:)` takes the frames one at a time and writes the file
/// as it goes (`GIFAnimationStream`), so memory stays flat however long
/// the animation; `encode(_:delays:)` is the same for frames in hand.
public struct GIFAnimator: Sendable {
    public var options: GIFOptions

    public init(options: GIFOptions = GIFOptions()) {
        self.options = options
    }

    /// A frame as written: the rectangle, its indices and palette.
    struct EncodedFrame: Sendable {
        var rect: PixelRect
        var indices: [UInt8]
        var palette: [UInt8]
        var transparentIndex: Int?
        var delay: Int
    }

    /// An encoder that takes the frames one at a time and hands the file's
    /// bytes to `sink` as they are made.
    /// - Parameter window: frames quantized together (in parallel); the
    ///   first window also decides whether one palette serves them all.
    public func stream(size: PixelSize, to sink: any ByteSink,
                       window: Int = GIFAnimationStream.defaultWindow) throws(ImagingError) -> GIFAnimationStream {
        try GIFAnimationStream(size: size, options: options, sink: sink, window: window)
    }

    /// The GIF's bytes for `frames` (all the same size) and their delays in centiseconds.
    public func encode(_ frames: [Image], delays: [Int]) throws(ImagingError) -> [UInt8] {
        precondition(!frames.isEmpty && frames.count == delays.count && frames.allSatisfy { $0.size == frames[0].size })
        let sink = MemorySink()
        let stream = try stream(size: frames[0].size, to: sink)
        for (frame, delay) in zip(frames, delays) { try stream.add(frame, centiseconds: delay) }
        try stream.finish()
        return sink.bytes
    }

    /// Which pixels each frame changes, against what the viewer shows: the
    /// value last written for that pixel. nil for the first frame (all of it).
    static func changes(_ frames: [Image], tolerance: Int) -> [ChangeMask?] {
        var tracker = ChangeTracker(tolerance: tolerance)
        return frames.map { tracker.changes(in: $0) }
    }
}
