/// Writes an H.264 MP4 one frame at a time, so memory stays the same
/// whatever the length: each frame is converted and handed to libx264 as
/// it is added.
///
/// The stream is yuv420p with the BT.709 matrix in limited range, tagged
/// BT.709 (primaries, transfer, matrix) in the H.264 VUI and the MP4's
/// `colr` box; the file is written "+faststart", its `moov` box before
/// `mdat`. 4:2:0 needs an even width and height: the size asked for is
/// rounded down to even (1081 rows become 1080), and frames of the size
/// asked for lose their last row or column.
///
/// The file appears whole or not at all: frames go to an
/// `AtomicFileWriter`'s temporary file beside `path` (registered with
/// `TemporaryFiles`, so a Ctrl-C removes it), renamed to `path` by
/// `finish()`. A failure, `cancel()`, or an encoder dropped before
/// `finish()` removes it.
public final class VideoEncoder {
    /// H.264's largest frame (level 6.2): 139,264 macroblocks of 16×16.
    public static let maxMacroblocks = 139_264
    /// libx264's largest width or height.
    public static let maxSide = 16_384

    public let path: String
    /// The size frames are encoded at: the size asked for, rounded down to even.
    public let size: PixelSize
    /// The size asked for; frames may have this size or `size`.
    public let requestedSize: PixelSize
    public let options: VideoOptions
    /// Frames added so far.
    public private(set) var frameCount = 0
    /// The length so far, in ticks of `options.timing` (frame periods or milliseconds).
    public private(set) var durationTicks: Int64 = 0

    private var writer: VideoCodec.Writer?
    private let file: AtomicFileWriter

    /// Starts a video of `size` at `path` (replaced when `finish()` succeeds).
    /// - Throws: `videoEncodingFailed` for invalid options or when libx264
    ///   cannot start, `imageTooLarge` beyond the limits, `fileSystem` when
    ///   the folder is not writable.
    public convenience init(path: String, size: PixelSize, options: VideoOptions = VideoOptions()) throws(ImagingError) {
        try self.init(path: path, size: size, options: options, audioFrom: nil)
    }

    /// `init(path:size:options:)`, with `source`'s sound (AAC as it is, other sound re-encoded to AAC)
    /// (the reader is read by the caller for the frames, and outlives the encoder).
    init(path: String, size: PixelSize, options: VideoOptions, audioFrom source: VideoCodec.Reader?) throws(ImagingError) {
        try options.validate()
        let even = PixelSize(width: size.width & ~1, height: size.height & ~1)
        guard even.width >= 2, even.height >= 2 else {
            throw .videoEncodingFailed("a video is at least 2×2 pixels, not \(size)")
        }
        guard even.width <= Self.maxSide, even.height <= Self.maxSide,
              ((even.width + 15) / 16) * ((even.height + 15) / 16) <= Self.maxMacroblocks,
              even.pixelCount <= options.limits.maxPixelsPerFrame else { throw .imageTooLarge(size) }
        self.path = path
        self.size = even
        self.requestedSize = size
        var options = options
        options.lookahead = try options.boundedLookahead(for: even)
        self.options = options

        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw .fileSystem(.failed(.create, path: path, .notAFileName)) }
        // FFmpeg before the temporary: one that cannot be loaded leaves no file,
        // and the temporary's life is the encoder's.
        try VideoCodec.load()
        file = try ImagingError.converting(try AtomicFileWriter(path: path))
        do {
            writer = try VideoCodec.Writer(descriptor: file.descriptor, path: file.temporaryPath, size: even, options: options,
                                           audioFrom: source)
        } catch {
            cancel()
            throw error
        }
    }

    deinit { cancel() }

    /// Encodes `frame` (RGB8, RGBA8 with its alpha ignored, or gray; in
    /// sRGB, converted here if it is not: it is at its final size),
    /// lasting `duration` ticks of `options.timing`: frame periods at a
    /// constant rate (1 by default), milliseconds with `.milliseconds`.
    /// - Throws: on a frame of another size, past `options.maxFrames`, or
    ///   when encoding or writing fails; the temporary file is gone then.
    public func add(_ frame: Image, duration: Int = 1) throws(ImagingError) {
        try add(frame, duration: duration, soundUpTo: nil)
    }

    /// As `add(_:duration:)`, copying after it only the source's sound
    /// queued before `soundMark` (`Writer.limitSound(to:)`).
    func add(_ frame: Image, duration: Int, soundUpTo soundMark: UInt64?) throws(ImagingError) {
        guard let writer else { throw .videoEncodingFailed("the video is already finished or abandoned") }
        guard frame.size == size || frame.size == requestedSize else {
            cancel()
            throw .videoEncodingFailed("a frame is \(frame.size), the video \(requestedSize)")
        }
        guard duration > 0 else {
            cancel()
            throw .videoEncodingFailed("a frame lasts at least one tick, not \(duration)")
        }
        guard frameCount < options.maxFrames else {
            cancel()
            throw .limitExceeded(.videoFrames(maximum: options.maxFrames))
        }
        do {
            writer.limitSound(to: soundMark)
            try writer.add(frame.convertedToSRGB(), duration: Int64(duration))
        } catch {
            cancel()
            throw error
        }
        frameCount += 1
        durationTicks += Int64(duration)
    }

    /// Encodes a frame given as its Y, Cb and Cr planes (8-bit 4:2:0,
    /// limited range, BT.709, packed) at the video's size, lasting `duration`
    /// ticks: a video re-encoded without going through RGB. With a source's
    /// sound, `soundMark` limits what is copied after it (`Writer.limitSound(to:)`).
    func add(planes: [UInt8], duration: Int, soundUpTo soundMark: UInt64? = nil) throws(ImagingError) {
        guard let writer else { throw .videoEncodingFailed("the video is already finished or abandoned") }
        let chroma = ((size.width + 1) / 2) * ((size.height + 1) / 2)
        guard planes.count == size.pixelCount + 2 * chroma, duration > 0 else {
            cancel()
            throw .videoEncodingFailed("the planes are not those of a \(size) frame")
        }
        guard frameCount < options.maxFrames else {
            cancel()
            throw .limitExceeded(.videoFrames(maximum: options.maxFrames))
        }
        do {
            writer.limitSound(to: soundMark)
            try writer.add(planes: planes, duration: Int64(duration))
        } catch {
            cancel()
            throw error
        }
        frameCount += 1
        durationTicks += Int64(duration)
    }

    /// Flushes the encoder, writes the index and renames the file into place.
    /// - Throws: when no frame was added, or encoding or writing fails; no
    ///   file is left behind then.
    public func finish() throws(ImagingError) {
        guard let writer else { throw .videoEncodingFailed("the video is already finished or abandoned") }
        do {
            try writer.finish()
        } catch {
            cancel()
            throw error
        }
        self.writer = nil
        try ImagingError.converting(try file.commit())
    }

    /// Stops without writing anything: the temporary file is removed. Safe
    /// to call more than once, and after `finish()` (it does nothing then).
    public func cancel() {
        writer = nil
        file.discard()
    }
}
