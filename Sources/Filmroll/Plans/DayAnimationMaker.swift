import Imaging

/// A day's animation made frame by frame as its photos are decoded: each
/// photo set on the canvas (`AnimationCanvas.frame(from:)`), then each GIF
/// frame quantized, each WebP or H.264 frame encoded, as it comes.
/// The bytes are those of encoding the frames all at once.
///
/// The executor calls it from one thread at a time (`IncrementalMaker`).
final class DayAnimationMaker: IncrementalMaker, @unchecked Sendable {
    private enum Encoder {
        case animation(any AnimationEncoding, MemorySink)
        case video(VideoEncoder)
    }

    private let settings: DayAnimationOutputs.Settings
    private let canvas: AnimationCanvas
    private let encoder: Encoder

    /// - Throws: `ImagingError` when the encoder cannot start (an MP4's
    ///   output refused by the guard, or its temporary not made).
    init(settings: DayAnimationOutputs.Settings, path: String, writer: OutputWriter) throws(ImagingError) {
        self.settings = settings
        canvas = AnimationCanvas(size: settings.frameSize)
        switch settings.format {
        case .gif:
            var options = GIFOptions()
            options.comment = OutputMark.gif.text
            options.speed = settings.gifSpeed
            options.paletteShrink = 4
            options.triesSharedPalette = false    // a day's photos are different pictures
            options.jobs = 1
            // Per-frame palettes: a window of one frame gives the bytes of any window.
            let sink = MemorySink()
            encoder = .animation(try GIFAnimator(options: options).stream(size: settings.frameSize, to: sink, window: 1), sink)
        case .webp:
            var options = WebPAnimationOptions()
            options.mark = OutputMark.webp.text
            let sink = MemorySink()
            encoder = .animation(try WebPAnimator(size: settings.frameSize, options: options, sink: sink), sink)
        case .mp4:
            // The encoder writes its own temporary and renames it on `finish`.
            try writer.outputGuard.check(path)
            let rate = FrameRate(numerator: 100, denominator: max(1, settings.delay)) ?? 1
            var options = VideoOptions(timing: .milliseconds(nominal: rate))
            options.comment = OutputMark.video.text
            options.threads = 1   // x264's output depends on its thread count: the same recipe, the same bytes
            options.limits = settings.limits
            options.memoryBytes = settings.encoderBytes
            encoder = .video(try VideoEncoder(path: path, size: settings.frameSize, options: options))
        }
    }

    /// Takes the next photo, decoded at `AnimationCanvas.resize(for:)`.
    func add(_ image: Image) throws {
        let image = canvas.frame(from: image)
        switch encoder {
        case .animation(let animation, _): try animation.add(image, milliseconds: Double(settings.delay * 10))
        case .video(let video): try video.add(image, duration: settings.delay * 10)
        }
    }

    func finish() throws -> PlannedOutput.Made {
        switch encoder {
        case let .animation(animation, sink):
            try animation.finish()
            return .bytes(sink.bytes)
        case .video(let video):
            try video.finish()
            return .written
        }
    }

    func abandon() {
        if case .video(let video) = encoder { video.cancel() }
    }
}
