/// Decodes a video file (MP4 or MOV, any codec FFmpeg decodes) frame by
/// frame, in presentation order: two frames in memory at a time.
///
/// Frames become RGB8 through the matrix and range the stream declares
/// (BT.601 when it declares none, as players assume), with every pixel's
/// chroma interpolated.
public final class VideoReader {
    public let path: String
    public let info: VideoInfo
    private let reader: VideoCodec.Reader
    private let limits: DecodeLimits
    private var decoded = 0
    private var started = false
    private var ahead: (image: Image, pts: Int64, duration: Int64)?
    private var firstTime: Int64 = 0
    /// The size frames are scaled to as they are converted (no larger
    /// than `info.size`); the video's own by default. Set before the first frame.
    public var frameSize: PixelSize?
    /// Degrees clockwise that turn a frame upright (the display matrix).
    public var rotation: Int { reader.header.rotation }

    /// Opens `path` and reads its header; decodes no frame.
    /// - Parameters:
    ///   - limits: `maxPixelsPerFrame` and `maxFrames` bound what is decoded.
    ///   - threads: decoding threads; 0 lets FFmpeg choose.
    /// - Throws: `videoDecodingFailed` for a file that is not a readable
    ///   video, `imageTooLarge` or `limitExceeded` beyond the limits.
    ///   - byteRange: the part of the file the video fills (a motion photo's); nil for all of it.
    public init(path: String, byteRange: Range<Int>? = nil, limits: DecodeLimits = .default,
                threads: Int = 0) throws(ImagingError) {
        reader = try VideoCodec.Reader(path: path, byteRange: byteRange, threads: threads, maxPixels: limits.maxPixelsPerFrame)
        let header = reader.header
        self.path = path
        self.limits = limits
        info = VideoInfo(size: header.size, frameCount: header.frameCount, tickNumerator: header.tick.numerator,
                         tickDenominator: header.tick.denominator, durationTicks: header.durationTicks,
                         frameRate: header.frameRate, color: header.color, isYUV420: header.isYUV420, codec: header.codec)
        try limits.check(frameSize: info.size)
        if info.frameCount > limits.maxFrames {
            throw .limitExceeded(.frames(count: info.frameCount, maximum: limits.maxFrames))
        }
    }

    /// The next frame as RGB8; nil after the last. Its duration is the
    /// time until the next frame shows (the last lasts until the stream's
    /// end), so one more frame is decoded ahead.
    public func nextFrame() throws(ImagingError) -> VideoFrame? {
        if !started {
            started = true
            ahead = try decodeRGB()
            firstTime = ahead?.pts ?? 0
            if ahead == nil && info.frameCount > 0 {
                throw .videoDecodingFailed("none of its \(info.frameCount) frames can be decoded")
            }
        }
        guard let current = ahead else { return nil }
        ahead = try decodeRGB()
        var duration = current.duration
        if let ahead {
            duration = ahead.pts - current.pts
        } else if info.durationTicks > 0 && firstTime + info.durationTicks > current.pts {
            duration = firstTime + info.durationTicks - current.pts
        }
        return VideoFrame(image: current.image, timeTicks: current.pts, durationTicks: duration)
    }

    private func decodeRGB() throws(ImagingError) -> (image: Image, pts: Int64, duration: Int64)? {
        guard let frame = try reader.nextRGB(scaledTo: frameSize ?? info.size) else { return nil }
        try countFrame()
        return (frame.image, frame.pts, frame.duration)
    }

    /// The next frame's planes as coded (8-bit 4:2:0 streams only); nil
    /// after the last. A reader gives either planes or RGB frames, not both.
    public func nextPlanes() throws(ImagingError) -> VideoPlanes? {
        guard let frame = try reader.nextPlanes() else { return nil }
        try countFrame()
        let luma = info.size.pixelCount
        let chroma = ((info.size.width + 1) / 2) * ((info.size.height + 1) / 2)
        return VideoPlanes(size: info.size, luma: Array(frame.bytes[0..<luma]),
                           blueDifference: Array(frame.bytes[luma..<luma + chroma]),
                           redDifference: Array(frame.bytes[luma + chroma..<luma + 2 * chroma]), timeTicks: frame.pts)
    }

    private func countFrame() throws(ImagingError) {
        decoded += 1
        guard decoded <= limits.maxFrames else {
            throw .limitExceeded(.frames(count: nil, maximum: limits.maxFrames))
        }
    }
}
