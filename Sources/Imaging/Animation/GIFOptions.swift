/// How `GIFAnimator` encodes.
public struct GIFOptions: Sendable, Hashable {
    public var loop: LoopCount = .forever
    /// 1-100; maps to libimagequant's quality range and speed.
    public var quality = 80
    /// Error-diffusion strength, 0 (none) to 1 (full). None by default:
    /// with a palette per frame built from the changed pixels, banding is
    /// slight, and diffusion noise costs LZW bytes and fidelity (measured on
    /// the benchmark: 0.5 gives 2054 KB at 36.28 dB, 0 gives 2005 KB at 36.69 dB).
    public var dither = 0.0
    /// Colours per frame, 2-256.
    public var colors = 256
    /// Largest per-channel difference under which a pixel counts as
    /// unchanged from the previous frame and keeps its colour; a new palette
    /// colour within twice this of what is on screen is not written either.
    public var stillTolerance = 3
    /// libimagequant's speed, 1 (slowest, best palettes) to 10; nil derives
    /// it from `quality`. 8 halves the time of the default 5 on photo
    /// slideshows for 0.2 dB less (measured on 12 frames of 480×360).
    public var speed: Int?
    /// Try one palette for all frames (built from the first frames) and use
    /// it when it reaches the quality asked for: video-like frames share
    /// their colours, and a shared palette makes the GIF smaller (24 video
    /// frames: 2004 KB at 36.71 dB against 2039 KB at 36.69 dB). Frames known to be
    /// different pictures (a day's photos in `process`) gain nothing from
    /// it and would pay for the try, as much as quantizing eight frames.
    public var triesSharedPalette = true
    /// Build each frame's own palette from a copy this many times smaller
    /// each way (1, 2 or 4; each pixel the mean of those it stands for), when
    /// the changed rectangle is at least 256 px each way. 2: quantizing 2.3
    /// times faster for 0.1 dB less (a 480×360 photo at speed 5). 4: a tenth
    /// less encoding time than 2 for 0.2 dB less (12 photos at 480×360, speed
    /// 8: 37.75 → 37.54 dB, 741 → 713 KB).
    public var paletteShrink = 1
    /// Written as a comment extension (Filmroll's `OutputMark`), if any.
    public var comment: String?
    /// Frames quantized at once, on this many threads (`--jobs`).
    public var jobs = Parallel.processorCount
    /// Frames a stream quantizes together (`GIFAnimator.stream(size:to:window:)`);
    /// the first window also decides whether one palette serves them all.
    public var window = GIFAnimationStream.defaultWindow

    public init() {}

    /// libimagequant's (min, max) quality and speed for `quality`.
    var quantizerSettings: (quality: ClosedRange<Int>, speed: Int) {
        let maximum = max(1, min(100, quality))
        return (max(0, maximum - 30)...maximum, speed.map { max(1, min(10, $0)) } ?? (quality >= 90 ? 3 : (quality >= 60 ? 5 : 8)))
    }
}
