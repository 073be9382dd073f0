/// Makes a video playable in every browser: its pictures re-encoded as
/// H.264 in an MP4 (index first, so playback starts at once), its short
/// side at most `maxShortSide`, turned upright, each frame lasting as long
/// as in the original (variable frame rates kept). No sound: the original,
/// which a page links beside it, keeps it.
///
/// Frames are converted straight to the output size as they are decoded,
/// two in memory at a time: a 4K clip costs what a 720p one does.
public enum ClipTranscoder {
    /// 720p: what phones and browsers play smoothly, a tenth of 4K's bytes.
    public static let maxShortSide = 720
    /// The longest video a clip is made of (30 minutes): past it a page
    /// shows the poster and links the original, and a run stays short.
    public static let longestSeconds = 30.0 * 60

    /// Whether a page needs a clip made to play `video`: browsers play no
    /// HEVC (Chromium, Firefox), and one longer than `longestSeconds` gets none.
    public static func needsClip(_ video: VideoFacts) -> Bool {
        !video.playsInBrowsers && video.durationSeconds <= longestSeconds
    }

    /// Re-encodes the video at `path` (or in `byteRange` of it) into `output`.
    /// - Parameters:
    ///   - options: the encoder's settings (crf, preset, threads); timing is set here.
    ///   - isCancelled: checked between frames; true abandons the output.
    /// - Returns: the frames written.
    @discardableResult
    ///   - maxLongSide: a smaller size, by the long side, when given.
    public static func transcode(_ path: String, byteRange: Range<Int>? = nil, to output: String,
                                 maxShortSide: Int = maxShortSide, maxLongSide: Int? = nil, options: VideoOptions,
                                 limits: DecodeLimits,
                                 isCancelled: () -> Bool = { false }) throws(ImagingError) -> Int {
        let reader = try VideoReader(path: path, byteRange: byteRange, limits: limits, threads: options.threads)
        let orientation = Orientation(clockwiseTurn: reader.rotation)
        let stored = outputSize(of: reader.info.size, maxShortSide: maxShortSide, maxLongSide: maxLongSide)
        reader.frameSize = stored
        var settings = options
        let rate = reader.info.frameRate ?? FrameRate(numerator: 30, denominator: 1)!
        settings.timing = .milliseconds(nominal: rate)
        let encoder = try VideoEncoder(path: output, size: orientation.uprightSize(of: stored), options: settings)
        let secondsPerTick = Double(reader.info.tickNumerator) / Double(max(1, reader.info.tickDenominator))
        var clock = 0.0, written = 0
        do throws(ImagingError) {
            while let frame = try reader.nextFrame() {
                if isCancelled() { throw ImagingError.videoEncodingFailed("stopped") }
                // Milliseconds, the rounding carried so that the clip keeps its length.
                let length = frame.durationTicks > 0 ? Double(frame.durationTicks) * secondsPerTick * 1000
                                                     : 1000 * Double(rate.denominator) / Double(rate.numerator)
                let end = clock + max(1, length)
                let milliseconds = max(1, Int(end.rounded()) - Int(clock.rounded()))
                clock = end
                try encoder.add(frame.image.applying(orientation), duration: milliseconds)
                written += 1
            }
            guard written > 0 else { throw ImagingError.videoDecodingFailed("no frame of the video can be decoded") }
            try encoder.finish()
        } catch {
            encoder.cancel()
            throw error
        }
        return written
    }

    /// The frame size (as stored) whose short side is at most `maxShortSide`
    /// (and long side at most `maxLongSide`), both sides even (H.264's 4:2:0).
    public static func outputSize(of size: PixelSize, maxShortSide: Int = maxShortSide, maxLongSide: Int? = nil) -> PixelSize {
        let short = min(size.width, size.height), long = max(size.width, size.height)
        var scale = short > maxShortSide ? Double(maxShortSide) / Double(short) : 1
        if let maxLongSide, Double(long) * scale > Double(maxLongSide) { scale = Double(maxLongSide) / Double(long) }
        func even(_ value: Int) -> Int { max(2, Int((Double(value) * scale).rounded()) / 2 * 2) }
        return PixelSize(width: min(size.width, even(size.width)), height: min(size.height, even(size.height)))
    }
}
