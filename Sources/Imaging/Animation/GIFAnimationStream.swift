/// An animated GIF encoded as its frames arrive, one at a time, and
/// written to a `ByteSink` as it goes: what `GIFAnimator` does, with only
/// a window of frames in memory, so a GIF of thousands of frames needs no
/// more memory than one of twenty.
///
/// What it keeps between frames is what differencing needs: the frame
/// before (identical frames merge, their delays summed), the screen as
/// source values (which pixels a frame changes) and as palette colours
/// (colours already shown are not written again), and the last frame
/// encoded, which is written once the next different frame arrives (its
/// delay may still grow). Frames are quantized `window` at a time, in
/// parallel.
///
/// The shared-palette decision, which `GIFAnimator` would take from frames
/// across the whole animation, is taken from the first window: when one
/// palette built from its frames (at most 8, evenly spaced) reaches the
/// quality asked for, that palette serves every frame
/// (`GIFOptions.triesSharedPalette`). A later frame it remaps with
/// more than twice the error of the worst frame of the first window (new
/// colours in a long animation) gets a palette of its own.
public final class GIFAnimationStream: AnimationEncoding {
    /// Frames quantized together: twice the cores, at least 8 (the frames
    /// a shared palette is sampled from).
    public static let defaultWindow = max(8, 2 * Parallel.processorCount)

    public let size: PixelSize
    public let options: GIFOptions
    public let window: Int
    /// The most canvas-sized frames held at once (those waiting to be
    /// quantized and the one before), for tests and benchmarks.
    public private(set) var peakFramesHeld = 0
    /// Frames written to the file so far (after merging).
    public private(set) var framesWritten = 0

    private enum Palette {
        case undecided
        case perFrame
        /// RGBA entries, and the largest mean squared error a later frame
        /// may have with it (nil while the first window is encoded).
        case shared([UInt8], bound: Double?)
    }

    /// The least error bound: below it, a palette that fits the first
    /// window exactly (flat colours) would refuse every later frame.
    private static let leastSharedBound = 2.0

    private let writer: GIFWriter
    private var clock = FrameClock.centiseconds
    /// Frames not yet quantized, each different from the one before, and their delays.
    private var pending: [Image] = []
    private var pendingDelays: [Int] = []
    /// The frame before (pending or already quantized), for merging.
    private var last: Image?
    /// Quantized, not yet written: its delay grows while identical frames follow.
    private var held: GIFAnimator.EncodedFrame?
    private var changes: ChangeTracker
    private var shownColors: ShownColors
    private var palette = Palette.undecided
    private var framesQuantized = 0
    private var finished = false

    init(size: PixelSize, options: GIFOptions, sink: any ByteSink, window: Int) throws(ImagingError) {
        self.size = size
        self.options = options
        self.window = max(1, window)
        changes = ChangeTracker(tolerance: options.stillTolerance)
        shownColors = ShownColors(size: size, tolerance: 2 * options.stillTolerance)
        writer = try GIFWriter(size: size, loop: options.loop, comment: options.comment, sink: sink)
    }

    /// Adds the next frame, shown for `milliseconds` (rounded to
    /// centiseconds with the error carried from frame to frame).
    public func add(_ frame: Image, milliseconds: Double) throws(ImagingError) {
        try add(frame, centiseconds: clock.tick(milliseconds))
    }

    /// Adds the next frame with its delay in centiseconds.
    public func add(_ frame: Image, centiseconds: Int) throws(ImagingError) {
        precondition(!finished && frame.size == size, "a frame of \(frame.size) added to a \(size) GIF")
        let opaque = frame.opaqueRGBA()
        if let last, last.hasSamePixels(as: opaque) {
            if pendingDelays.isEmpty { held?.delay += centiseconds } else { pendingDelays[pendingDelays.count - 1] += centiseconds }
            return
        }
        pending.append(opaque)
        pendingDelays.append(centiseconds)
        last = opaque
        peakFramesHeld = max(peakFramesHeld, pending.count + 1)
        if pending.count >= window { try flush() }
    }

    /// Encodes the frames still waiting and ends the file.
    public func finish() throws(ImagingError) {
        precondition(!finished, "finish() called twice")
        finished = true
        try flush()
        if let held { try write(held) }
        held = nil
        try writer.finish()
    }

    /// Quantizes the waiting frames in parallel, then writes them in order
    /// (all but the last, whose delay may still grow).
    private func flush() throws(ImagingError) {
        guard !pending.isEmpty else { return }
        let frames = pending, delays = pendingDelays
        pending = []
        pendingDelays = []
        let masks = frames.map { changes.changes(in: $0) }
        if case .undecided = palette { palette = try choosePalette(frames) }

        // With the shared palette each thread remaps with its own copy of it.
        let options = self.options, first = framesQuantized
        let shared: [UInt8]?, bound: Double?
        switch palette {
        case let .shared(rgba, sharedBound): (shared, bound) = (rgba, sharedBound)
        case .undecided, .perFrame: (shared, bound) = (nil, nil)
        }
        let results = Parallel.map(Array(frames.indices), jobs: options.jobs) { index in
            Result { () throws(ImagingError) -> (frame: GIFAnimator.EncodedFrame, sharedError: Double?) in
                let quantizer = try shared.map { rgba throws(ImagingError) in try Quantizer(palette: rgba) }
                return try GIFAnimator.encodeFrame(frames[index], changed: masks[index], delay: delays[index], shared: quantizer,
                                                   sharedBound: bound, options: options)
            }
        }
        let outcomes = try results.map { result throws(ImagingError) in try result!.get() }
        if let shared, bound == nil {
            let worst = outcomes.compactMap(\.sharedError).max() ?? 0
            palette = .shared(shared, bound: max(Self.leastSharedBound, 2 * worst))
        }
        var encoded = outcomes.map(\.frame)
        for index in encoded.indices { shownColors.keep(&encoded[index], isFirst: first + index == 0) }
        framesQuantized += encoded.count
        if let held { try write(held) }
        for frame in encoded.dropLast() { try write(frame) }
        held = encoded.last
    }

    /// One palette for all when it is as good as the quality asked for
    /// (not tried unless `options.triesSharedPalette`).
    private func choosePalette(_ frames: [Image]) throws(ImagingError) -> Palette {
        guard frames.count > 1 && options.triesSharedPalette else { return .perFrame }
        let settings = options.quantizerSettings
        let sample = Array(frames.enumerated().filter { $0.offset % max(1, frames.count / 8) == 0 }.map(\.element).prefix(8))
        let candidate = try Quantizer(images: sample, maxColors: min(255, options.colors), quality: settings.quality,
                                      speed: settings.speed)
        guard candidate.quality >= settings.quality.upperBound - 2 else { return .perFrame }
        return .shared(candidate.paletteRGBA, bound: nil)
    }

    private func write(_ frame: GIFAnimator.EncodedFrame) throws(ImagingError) {
        try writer.add(indices: frame.indices, rect: frame.rect, palette: frame.palette, transparentIndex: frame.transparentIndex,
                       delayCentiseconds: frame.delay, disposal: 1)
        framesWritten += 1
    }
}
