import Catalog
import Imaging

/// A day's animation, as `process` plans it: its photos spread over the
/// day, each shown for the same time, in any format of the encoder
/// registry (`ImageEncoders.animations`: GIF, WebP, MP4). A photo of the
/// frame's shape fills it; one of another shape is shown whole on a
/// blurred cover of itself (`AnimationCanvas`). Its frames are encoded as
/// the executor decodes the day's photos (`DayAnimationEncoder`), so each
/// photo is decoded once for its thumbnails and the animation.
extension AnimationMaker {
    /// How a day's frames are timed and encoded.
    public struct DaySettings: Sendable, Hashable {
        /// A format of `ImageEncoders.animations`.
        public var format: ImageFormat
        public var frameSize: PixelSize
        /// How long each photo shows, in centiseconds.
        public var delay: Int
        /// libimagequant's speed for GIF palettes.
        public var gifSpeed: Int
        public var limits: DecodeLimits
        /// The video encoder's memory allowance (MP4).
        public var encoderBytes: Int

        public init(format: ImageFormat, frameSize: PixelSize, delay: Int, gifSpeed: Int, limits: DecodeLimits = .default,
                    encoderBytes: Int = 0) {
            self.format = format
            self.frameSize = frameSize
            self.delay = delay
            self.gifSpeed = gifSpeed
            self.limits = limits
            self.encoderBytes = encoderBytes
        }

        /// The format's writer (GIF's when none is registered).
        var writer: any AnimationWriting { ImageEncoders.animationWriter(for: format) ?? ImageEncoders.standardAnimation }

        /// Each format's options for a day: GIF palettes frame by frame (a day's photos are different
        /// pictures; a window of one frame gives the bytes of any window), one encoder thread (x264's
        /// bytes depend on its thread count).
        var options: AnimationOptions {
            var gif = GIFOptions()
            gif.speed = gifSpeed
            gif.paletteShrink = 4
            gif.triesSharedPalette = false
            gif.jobs = 1
            gif.window = 1
            var video = VideoOptions(timing: .milliseconds(nominal: FrameRate(numerator: 100, denominator: max(1, delay)) ?? 1))
            video.threads = 1
            video.limits = limits
            video.memoryBytes = encoderBytes
            return AnimationOptions(gif: gif, webp: WebPAnimationOptions(), video: video)
        }

        /// The recipe's parameters: the encoder's settings, the frame, the timing
        /// and the fit ("contain-blur": photos of another shape shown whole on a blurred cover).
        var recipeText: String {
            RecipeText.lines([RecipeText.encoder(writer, options),
                              RecipeText.fields("day", [("width", .int(frameSize.width)), ("height", .int(frameSize.height)),
                                                        ("delay", .int(delay)), ("fit", .string("contain-blur"))])])
        }
    }

    /// The animation of a day's `photos` at `path`; made from those of
    /// them that decode, when at least `minimum` do. Each photo is decoded
    /// at the size its shape calls for (by its `uprightSize`; one of
    /// unknown size fills the frame).
    public static func plannedDay(_ photos: [ThumbnailOutputs.Photo], settings: DaySettings, minimum: Int,
                                  path: String, root: String, parameters: String) -> PlannedOutput {
        let canvas = AnimationCanvas(size: settings.frameSize)
        let writer = settings.writer
        let recipe = OutputRecipe(kind: OutputRecord.Kind(rawValue: writer.mark.kind) ?? .gif, inputs: photos.map(\.input),
                                  parameters: settings.recipeText)
        let inputs = photos.map {
            PlannedOutput.Input(source: $0.source, photo: $0.reference, resize: canvas.resize(for: $0.uprightSize), chain: $0.chain)
        }
        return PlannedOutput(record: .recipe(recipe, parameters: parameters), kind: .animation, path: path, root: root,
                             mark: writer.mark, inputs: inputs, minimumInputs: minimum) { _ in
            try DayAnimationEncoder(settings: settings)
        }
    }
}

/// A day's animation encoded frame by frame as its photos are decoded:
/// each photo set on the canvas (`AnimationCanvas.frame(from:)`), then
/// handed to the format's encoder from the registry. The bytes are those of
/// encoding the frames all at once.
///
/// The executor calls it from one thread at a time (`IncrementalMaker`).
final class DayAnimationEncoder: IncrementalMaker, @unchecked Sendable {
    private let canvas: AnimationCanvas
    private let milliseconds: Double
    private let sink = MemorySink()
    private let encoder: any AnimationEncoding

    /// - Throws: `ImagingError` when the encoder cannot start.
    init(settings: AnimationMaker.DaySettings) throws(ImagingError) {
        canvas = AnimationCanvas(size: settings.frameSize)
        milliseconds = Double(settings.delay * 10)
        encoder = try settings.writer.start(canvas: settings.frameSize, options: settings.options, sink: sink)
    }

    /// Takes the next photo, decoded at `AnimationCanvas.resize(for:)`.
    func add(_ image: Image) throws {
        try encoder.add(canvas.frame(from: image), milliseconds: milliseconds)
    }

    func finish() throws -> PlannedOutput.Made {
        try encoder.finish()
        return .bytes(sink.bytes)
    }

    /// Nothing to undo: an unfinished encoder's temporaries go with it.
    func abandon() {}
}
