import Catalog
import Imaging

/// A day's animation as a planned output: its photos spread over the day,
/// each shown for the same time, in GIF, WebP or MP4. A photo of the
/// frame's shape fills it; one of another shape is shown whole on a
/// blurred cover of itself (`AnimationCanvas`).
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

        /// "contain-blur": photos of another shape than the frame are shown whole on a blurred backdrop.
        var recipeText: String {
            "\(format.rawValue) \(frameSize.width)x\(frameSize.height) \(delay)cs speed \(gifSpeed) contain-blur"
        }
    }

    /// The animation of `photos` at `path`; made from those of them that
    /// decode, when at least `minimum` do. Each photo is decoded at the
    /// size its shape calls for (by its `uprightSize`; one of unknown size
    /// fills the frame).
    public static func planned(_ photos: [ThumbnailOutputs.Photo], settings: Settings, minimum: Int,
                               path: String, root: String, parameters: String) -> PlannedOutput {
        let canvas = AnimationCanvas(size: settings.frameSize)
        let recipe = OutputRecipe(kind: settings.format.outputKind, inputs: photos.map(\.input), parameters: settings.recipeText)
        let inputs = photos.map {
            PlannedOutput.Input(source: $0.source, photo: $0.reference, resize: canvas.resize(for: $0.uprightSize), chain: $0.chain)
        }
        // Frames are encoded as the day's photos decode (`DayAnimationMaker`), not all after the last.
        return PlannedOutput(record: .recipe(recipe, parameters: parameters), kind: .animation, path: path, root: root,
                             mark: settings.format.mark, inputs: inputs, minimumInputs: minimum) { context in
            try DayAnimationMaker(settings: settings, path: path, writer: context.writer)
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
