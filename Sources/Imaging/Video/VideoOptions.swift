/// How `VideoEncoder` writes H.264: timing, quality and limits.
///
/// The defaults are the ones `ffmpeg -c:v libx264` uses: constant rate
/// factor 23, preset medium, as many threads as libx264 picks.
public struct VideoOptions: Sendable, Hashable {
    /// How long frames last; 30 fps by default.
    public var timing: VideoTiming = .frameRate(30)
    /// libx264's constant rate factor, 0 (lossless) to 51; lower is
    /// better and larger. 18 looks transparent on photos, 23 is the default.
    public var crf = 23.0
    public var preset = VideoPreset.medium
    /// libx264's threads; 0 lets libx264 choose (1.5 per core).
    public var threads = 0
    /// Frames libx264 looks ahead for its rate control (`rc-lookahead`);
    /// 0 = the preset's (`VideoPreset.lookahead`: 40 for medium). Its
    /// memory grows with it: about 3.2 bytes per pixel for each frame.
    public var lookahead = 0
    /// Bytes the encoder may use (libx264 and the frames it holds), from
    /// the run's `MemoryBudget`; the lookahead shrinks to fit, and a frame
    /// size that cannot fit at all is refused. 0 = no bound.
    public var memoryBytes = 0
    /// The file's comment metadata: Filmroll's `OutputMark`, so that only
    /// a video Filmroll made is ever replaced.
    public var comment: String?
    /// Most frames one video may have: one hour at 60 fps by default.
    public var maxFrames = 216_000
    /// `maxPixelsPerFrame` bounds the frame size (H.264's own limit, a
    /// level 6.2 frame of 139,264 macroblocks, applies as well).
    public var limits = DecodeLimits.default

    public init(timing: VideoTiming = .frameRate(30), crf: Double = 23, preset: VideoPreset = .medium) {
        self.timing = timing
        self.crf = crf
        self.preset = preset
    }

    /// The lookahead for frames of `size` within `memoryBytes`: libx264
    /// (preset medium, its threads, the frames in flight) measured at about
    /// 85 bytes per pixel, plus 3.2 per pixel for each frame looked ahead.
    /// - Throws: `limitExceeded` when even one frame ahead would not fit.
    public func boundedLookahead(for size: PixelSize) throws(ImagingError) -> Int {
        guard memoryBytes > 0 else { return lookahead }
        let pixels = max(1, size.pixelCount)
        let perPixel = Double(memoryBytes) / Double(pixels)
        let frames = Int((perPixel - Self.encoderBytesPerPixel) / Self.lookaheadBytesPerPixel)
        guard frames >= 1 else {
            let needed = Int((Self.encoderBytesPerPixel + Self.lookaheadBytesPerPixel) * Double(pixels))
            throw .limitExceeded(.encodeMemory(size: size, bytes: needed, budget: memoryBytes))
        }
        return min(lookahead > 0 ? lookahead : preset.lookahead, frames)
    }

    static let encoderBytesPerPixel = 85.0
    static let lookaheadBytesPerPixel = 3.2

    /// Throws `videoEncodingFailed` with the reason when a setting is out of range.
    public func validate() throws(ImagingError) {
        guard crf.isFinite, crf >= 0, crf <= 51 else { throw .videoEncodingFailed("crf \(crf) is outside 0-51") }
        guard threads >= 0, threads <= 128 else { throw .videoEncodingFailed("threads \(threads) is outside 0-128") }
        guard maxFrames > 0 else { throw .videoEncodingFailed("the frame limit must be positive") }
    }
}
