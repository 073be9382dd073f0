import Catalog
import Imaging

/// A day's animation as a planned output: its photos spread over the day,
/// each filling the frame, shown for the same time, in GIF, WebP or MP4.
public enum DayAnimationOutputs {
    /// How the frames are timed and encoded.
    public struct Settings: Sendable, Hashable {
        public var format: DayAnimationFormat
        public var frameSize: PixelSize
        /// How long each photo shows, in centiseconds.
        public var delay: Int
        /// libimagequant's speed for GIF palettes.
        public var gifSpeed: Int
        public var limits: DecodeLimits
        /// The video encoder's memory allowance (MP4).
        public var encoderBytes: Int

        var recipeText: String { "\(format.rawValue) \(frameSize.width)x\(frameSize.height) \(delay)cs speed \(gifSpeed)" }
    }

    /// The animation of `photos` at `path`; made from those of them that
    /// decode, when at least `minimum` do.
    public static func planned(_ photos: [ThumbnailOutputs.Photo], settings: Settings, minimum: Int,
                               path: String, root: String, parameters: String) -> PlannedOutput {
        let resize = ImageProcessors.Resize(target: TargetSize(width: settings.frameSize.width, height: settings.frameSize.height,
                                                               fit: .cover), upscale: true)
        let recipe = OutputRecipe(kind: settings.format.outputKind, inputs: photos.map(\.input), parameters: settings.recipeText)
        let inputs = photos.map { PlannedOutput.Input(source: $0.source, photo: $0.reference, resize: resize) }
        return PlannedOutput(record: .recipe(recipe, parameters: parameters), label: "animation", path: path, root: root,
                             mark: settings.format.mark, inputs: inputs, minimumInputs: minimum) { frames, context in
            try encode(frames, settings: settings, path: path, writer: context.writer, threads: context.threads)
        }
    }

    /// Encodes the frames, each shown `settings.delay`, on `threads` threads.
    static func encode(_ frames: [Image], settings: Settings, path: String,
                       writer: OutputWriter, threads: Int) throws -> PlannedOutput.Made {
        switch settings.format {
        case .gif:
            var options = GIFOptions()
            options.comment = OutputMark.gif.text
            options.speed = settings.gifSpeed
            options.paletteFromHalfSize = true
            options.triesSharedPalette = false    // a day's photos are different pictures
            options.jobs = threads
            let delays = Array(repeating: settings.delay, count: frames.count)
            return .bytes(try GIFAnimator(options: options).encode(frames, delays: delays))
        case .webp:
            var options = WebPAnimationOptions()
            options.mark = OutputMark.webp.text
            let milliseconds = Array(repeating: Double(settings.delay * 10), count: frames.count)
            return .bytes(try WebPAnimator.encode(frames, milliseconds: milliseconds, options: options))
        case .mp4:
            // The encoder writes its own temporary and renames it on `finish`.
            try writer.outputGuard.check(path)
            var options = VideoOptions(timing: .milliseconds(nominal: FrameRate(numerator: 100, denominator: max(1, settings.delay)) ?? 1))
            options.comment = OutputMark.video.text
            options.threads = 1   // x264's output depends on its thread count: the same recipe, the same bytes
            options.limits = settings.limits
            options.memoryBytes = settings.encoderBytes
            let encoder = try VideoEncoder(path: path, size: frames[0].size, options: options)
            for frame in frames { try encoder.add(frame, duration: settings.delay * 10) }
            try encoder.finish()
            return .written
        }
    }
}

extension DayAnimationFormat {
    /// The mark its files carry.
    var mark: OutputMark {
        switch self {
        case .gif: .gif
        case .webp: .webp
        case .mp4: .video
        }
    }
}
