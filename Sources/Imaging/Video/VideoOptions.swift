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

    /// Throws `videoEncodingFailed` with the reason when a setting is out of range.
    public func validate() throws(ImagingError) {
        guard crf.isFinite, crf >= 0, crf <= 51 else { throw .videoEncodingFailed("crf \(crf) is outside 0-51") }
        guard threads >= 0, threads <= 128 else { throw .videoEncodingFailed("threads \(threads) is outside 0-128") }
        guard maxFrames > 0 else { throw .videoEncodingFailed("the frame limit must be positive") }
    }
}
