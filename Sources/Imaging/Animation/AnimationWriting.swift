/// A writer of animations in one format, registered in
/// `ImageEncoders.animations`, with the shape of a still encoder: its
/// format, the extensions that ask for it, and Filmroll's mark, written
/// into its files and found there again. It starts the streaming encoder
/// (`AnimationEncoding`) that takes the frames.
public protocol AnimationWriting: Sendable {
    /// The format written.
    var format: ImageFormat { get }
    /// Lowercase file-name extensions without the dot; the first is the one
    /// Filmroll names its files with.
    var fileExtensions: [String] { get }
    /// The mark its files carry ("Filmroll gif").
    var mark: OutputMark { get }

    /// An encoder of `canvas`-sized frames that hands the file to `sink`,
    /// with this format's options from `options` and `mark` written in.
    func start(canvas: PixelSize, options: AnimationOptions, sink: any ByteSink) throws(ImagingError) -> any AnimationEncoding

    /// The options of `options` that shape this format's files, by name,
    /// for the record of what was made.
    func parameters(_ options: AnimationOptions) -> [(name: String, value: EncodingParameter)]

    /// Every option of `options` that changes this format's bytes, by
    /// name: what an animation's recipe key is made of (its threads, which
    /// do not change them, left out).
    func recipeParameters(_ options: AnimationOptions) -> [(name: String, value: EncodingParameter)]

    /// The texts that may hold Filmroll's mark in `file` when it is a file
    /// of this format; empty when it is not, or has none.
    func markTexts(in file: SearchedFile) -> [String]
}

extension AnimationWriting {
    /// The extension Filmroll names its files with ("gif").
    public var preferredExtension: String { fileExtensions.first ?? format.rawValue }
}

/// How an animation is encoded, whichever format its output names: each
/// writer reads its own options.
public struct AnimationOptions: Sendable, Hashable {
    public var gif: GIFOptions
    public var webp: WebPAnimationOptions
    /// An MP4's encoder settings; its frames last the milliseconds each is
    /// given, at `video.timing`'s nominal rate.
    public var video: VideoOptions

    public init(gif: GIFOptions = GIFOptions(), webp: WebPAnimationOptions = WebPAnimationOptions(),
                video: VideoOptions = VideoOptions()) {
        self.gif = gif
        self.webp = webp
        self.video = video
    }
}

/// A setting's value as recorded with an output.
public enum EncodingParameter: Sendable, Hashable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case text(String)
    /// No value (a GIF that plays once has no loop count).
    case none
}
