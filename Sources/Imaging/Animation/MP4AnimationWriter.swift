#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// Writes animations as H.264 MP4s (`VideoEncoder`): every frame lasts the
/// milliseconds it is given, as a GIF's do. Filmroll's mark is the MP4's
/// comment, read by `OutputMark` itself.
struct MP4AnimationWriter: AnimationWriting {
    var format: ImageFormat { .mp4 }
    var fileExtensions: [String] { ["mp4"] }
    var mark: OutputMark { .video }

    func start(canvas: PixelSize, options: AnimationOptions, sink: any ByteSink) throws(ImagingError) -> any AnimationEncoding {
        var video = options.video
        video.comment = mark.text
        video.timing = .milliseconds(nominal: video.timing.nominalRate)
        return try MP4AnimationEncoder(size: canvas, options: video, sink: sink)
    }

    func parameters(_ options: AnimationOptions) -> [(name: String, value: EncodingParameter)] {
        let video = options.video
        return [("crf", .double(video.crf)), ("preset", .text(video.preset.rawValue))]
    }

    /// (x264's threads change its bytes: they are part of the recipe.)
    func recipeParameters(_ options: AnimationOptions) -> [(name: String, value: EncodingParameter)] {
        let video = options.video, rate = video.timing.nominalRate
        return parameters(options) + [
            ("threads", .int(video.threads)), ("lookahead", .int(video.lookahead)),
            ("nominalRate", .text("\(rate.numerator)/\(rate.denominator)")),
        ]
    }

    /// None here: an MP4's comment is found by `OutputMark.read` before any writer is asked.
    func markTexts(in file: SearchedFile) -> [String] { [] }
}

/// An MP4 animation on its way to a sink: libx264 and the muxer write a
/// file (the `moov` box goes first, once every frame is in), so the frames
/// go to a file of their own in the temporary folder, whose bytes the sink
/// takes whole at `finish`. The file goes whatever happens (the encoder's
/// own temporary, until then, is removed on Ctrl-C as every other).
final class MP4AnimationEncoder: AnimationEncoding {
    let size: PixelSize
    /// libx264 holds frames itself (its lookahead); none are held here.
    var peakFramesHeld: Int { 0 }
    private let encoder: VideoEncoder
    private let sink: any ByteSink
    private static let made = Locked(0)

    init(size: PixelSize, options: VideoOptions, sink: any ByteSink) throws(ImagingError) {
        let number = Self.made.withLock { $0 += 1; return $0 }
        encoder = try VideoEncoder(path: Self.temporaryRoot + "/.filmroll-animation-\(getpid())-\(number).mp4", size: size,
                                   options: options)
        self.size = encoder.size
        self.sink = sink
    }

    deinit {
        encoder.cancel()
        _ = unlink(encoder.path)
    }

    func add(_ frame: Image, milliseconds: Double) throws(ImagingError) {
        try encoder.add(frame, duration: max(1, Int(milliseconds.rounded())))
    }

    func finish() throws(ImagingError) {
        try encoder.finish()
        let bytes = try ImagingError.converting(try FileBytes.read(encoder.path))
        do {
            try bytes.withUnsafeBytes { buffer in try sink.append(buffer) }
        } catch let error as ImagingError {
            throw error
        } catch {
            throw .videoEncodingFailed("\(error)")
        }
    }

    /// `TMPDIR`, else /tmp.
    private static var temporaryRoot: String {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        return String(cString: value)
    }
}
