/// Makes a video playable in every browser: its pictures re-encoded as
/// H.264 in an MP4 (index first, so playback starts at once), its short
/// side at most `maxShortSide`, turned upright, each frame lasting as long
/// as in the original, on the original's own clock (variable frame rates
/// kept exactly), its AAC sound copied as it is, other sound (a camera's
/// PCM, a 3GP's AMR) re-encoded to AAC, and sound FFmpeg cannot decode left
/// out (the original, which a page links beside it, keeps it).
///
/// Frames are scaled straight to the output size as they are decoded (in
/// YUV, as ffmpeg's scale filter does, for BT.709 video), two in memory at
/// a time: a 4K clip costs what a 720p one does.
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
    ///   - maxLongSide: a smaller size, by the long side, when given.
    ///   - options: the encoder's settings (crf, preset, threads); timing is set here.
    ///   - decodingThreads: the decoder's threads (nil: `options.threads`); they
    ///     change no byte, where libx264's thread count changes its output.
    ///   - withSound: keep the video's sound (AAC copied, other sound re-encoded to AAC).
    ///   - isCancelled: checked between frames; true abandons the output.
    ///   - decodesAhead: decode the next frame on another thread while one is
    ///     encoded; false: in turn, the same bytes.
    /// - Returns: the frames written.
    @discardableResult
    public static func transcode(_ path: String, byteRange: Range<Int>? = nil, to output: String,
                                 maxShortSide: Int = maxShortSide, maxLongSide: Int? = nil, options: VideoOptions,
                                 limits: DecodeLimits, decodingThreads: Int? = nil, withSound: Bool = true,
                                 isCancelled: () -> Bool = { false }, decodesAhead: Bool = true) throws(ImagingError) -> Int {
        let reader = try VideoCodec.Reader(path: path, byteRange: byteRange, threads: decodingThreads ?? options.threads,
                                           maxPixels: limits.maxPixelsPerFrame)
        let header = reader.header
        try limits.check(frameSize: header.size)
        let orientation = Orientation(clockwiseTurn: header.rotation)
        let stored = outputSize(of: header.size, maxShortSide: maxShortSide, maxLongSide: maxLongSide)
        // BT.709 pictures (phones' SDR video) go to the encoder as planes, as
        // ffmpeg's would: scaled in YUV, never through RGB. Others through RGB,
        // whose conversion knows their matrix, then to sRGB through their
        // primaries and curve (HDR's tone-mapped).
        let colorSpace = VideoDecoder.colorSpace(of: header.color)
        let keepsPlanes = header.color.matrix == 1 && colorSpace == .sRGB
        let rate = header.frameRate ?? FrameRate(numerator: 30, denominator: 1)!
        var settings = options
        settings.timing = .ticks(numerator: header.tick.numerator, denominator: header.tick.denominator, nominal: rate)
        let encoder = try VideoEncoder(path: output, size: orientation.uprightSize(of: stored), options: settings,
                                       audioFrom: withSound ? reader : nil)
        // A frame lasts until the next one starts; the last, a frame period.
        let period = max(1, Int64((Double(header.tick.denominator) * Double(rate.denominator)
                                   / (Double(header.tick.numerator) * Double(rate.numerator))).rounded()))
        var written = 0
        do throws(ImagingError) {
            written = try encodeFrames(from: reader, size: stored, keepsPlanes: keepsPlanes, colorSpace: colorSpace,
                                       orientation: orientation, period: period, encoder: encoder,
                                       decodesAhead: decodesAhead, isCancelled: isCancelled)
            guard written > 0 else { throw ImagingError.videoDecodingFailed("no frame of the video can be decoded") }
            try encoder.finish()
        } catch {
            encoder.cancel()
            throw error
        }
        return written
    }

    /// A decoded frame, scaled: 4:2:0 planes as stored (BT.709), or an
    /// upright sRGB picture.
    private enum Picture: Sendable {
        case planes([UInt8])
        case image(Image)
    }

    /// Decodes, scales and encodes every frame, each decoded (when
    /// `decodesAhead`) on another thread while the one before it is encoded,
    /// with its conversion to sRGB and its turn when it goes through RGB. On
    /// two cores, for the same bytes: 1–3 % less time for BT.709 clips
    /// (whose planes the encoder takes as they are), a tenth less for HDR
    /// ones (tone-mapped through RGB: 8 s of 1080p HLG, 4.96 → 4.48 s).
    /// A frame's duration needs the next frame's time, so two are decoded
    /// ahead of the one encoded; three plane buffers go round. Each frame is
    /// written with the sound the reader had queued when the next frame
    /// came, as if decoded in turn, so the bytes never depend on the
    /// threads' timing (the queue is shared under a lock in `cimg_video.c`).
    private static func encodeFrames(from reader: VideoCodec.Reader, size: PixelSize, keepsPlanes: Bool,
                                     colorSpace: ColorSpace, orientation: Orientation, period: Int64,
                                     encoder: VideoEncoder, decodesAhead: Bool,
                                     isCancelled: () -> Bool) throws(ImagingError) -> Int {
        typealias Decoded = Result<(picture: Picture, pts: Int64, soundMark: UInt64)?, ImagingError>
        let shared = UncheckedReader(reader: reader)
        @Sendable func decode(into buffer: [UInt8]) -> Decoded {
            Result { () throws(ImagingError) in
                if keepsPlanes {
                    var bytes = buffer
                    return try shared.reader.nextPlanes(scaledTo: size, into: &bytes).map { (.planes(bytes), $0.pts, $0.soundMark) }
                }
                return try shared.reader.nextRGB(scaledTo: size).map { frame in
                    var picture = frame.image
                    picture.colorSpace = colorSpace
                    return (.image(picture.convertedToSRGB().applying(orientation)), frame.pts, frame.soundMark)
                }
            }
        }
        var spares: [[UInt8]] = []
        var upright: [UInt8] = []
        var written = 0
        var current = try decode(into: []).get()
        var following = current == nil ? nil : try decode(into: []).get()
        while let shown = current {
            if isCancelled() { throw ImagingError.videoEncodingFailed("stopped") }
            let buffer = spares.popLast() ?? []
            let ahead = following == nil ? nil
                : decodesAhead ? BackgroundWork { decode(into: buffer) } : BackgroundWork(finished: decode(into: buffer))
            let duration = Int(max(1, following.map { $0.pts - shown.pts } ?? period))
            // With it, the sound read up to the next frame, however far the reader is ahead.
            let soundMark = following?.soundMark
            do throws(ImagingError) {
                switch shown.picture {
                case .planes(let planes):
                    if orientation != .up { Self.turn(planes, size: size, by: orientation, into: &upright) }
                    try encoder.add(planes: orientation == .up ? planes : upright, duration: duration, soundUpTo: soundMark)
                    spares.append(planes)
                case .image(let image):
                    try encoder.add(image, duration: duration, soundUpTo: soundMark)
                }
            } catch {
                _ = ahead?.result()
                throw error
            }
            written += 1
            current = following
            following = try ahead?.result().get()
        }
        return written
    }

    /// Packed 4:2:0 planes of a `size` frame, each plane turned by `orientation`.
    static func turned(_ planes: [UInt8], size: PixelSize, by orientation: Orientation) -> [UInt8] {
        var output: [UInt8] = []
        turn(planes, size: size, by: orientation, into: &output)
        return output
    }

    /// As `turned(_:size:by:)`, into `output`, which keeps its storage when it is
    /// already the size: a phone's portrait clip turns frame after frame with no allocation.
    static func turn(_ planes: [UInt8], size: PixelSize, by orientation: Orientation, into output: inout [UInt8]) {
        guard [.right, .left, .down].contains(orientation) else {
            output = mirrored(planes, size: size, by: orientation)
            return
        }
        if output.count != planes.count { output = [UInt8](repeating: 0, count: planes.count) }
        let chroma = PixelSize(width: (size.width + 1) / 2, height: (size.height + 1) / 2)
        let lumaCount = size.pixelCount, chromaCount = chroma.pixelCount
        planes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for (offset, plane) in [(0, size), (lumaCount, chroma), (lumaCount + chromaCount, chroma)] {
                    let width = plane.width, height = plane.height
                    let from = source.baseAddress! + offset, to = target.baseAddress! + offset
                    for y in 0..<height {
                        let row = from + y * width
                        switch orientation {
                        case .right:   // a quarter clockwise: row y becomes column height-1-y
                            for x in 0..<width { to[x * height + (height - 1 - y)] = row[x] }
                        case .left:    // a quarter anticlockwise: row y becomes column y, bottom up
                            for x in 0..<width { to[(width - 1 - x) * height + y] = row[x] }
                        default:       // half a turn
                            let last = to + (height - 1 - y) * width + width - 1
                            for x in 0..<width { last[-x] = row[x] }
                        }
                    }
                }
            }
        }
    }

    /// The mirrored orientations (no phone writes them), plane by plane through `Image`.
    private static func mirrored(_ planes: [UInt8], size: PixelSize, by orientation: Orientation) -> [UInt8] {
        let chroma = PixelSize(width: (size.width + 1) / 2, height: (size.height + 1) / 2)
        let lumaCount = size.pixelCount, chromaCount = chroma.pixelCount
        func plane(_ range: Range<Int>, _ planeSize: PixelSize) -> [UInt8] {
            Image(width: planeSize.width, height: planeSize.height, format: .gray8, pixels: Array(planes[range]))
                .applying(orientation).pixels
        }
        return plane(0..<lumaCount, size) + plane(lumaCount..<lumaCount + chromaCount, chroma)
            + plane(lumaCount + chromaCount..<lumaCount + 2 * chromaCount, chroma)
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

/// The reader handed to the thread that decodes ahead: only one thread uses
/// it at a time (each decode is waited for before the next starts).
private struct UncheckedReader: @unchecked Sendable {
    let reader: VideoCodec.Reader
}
