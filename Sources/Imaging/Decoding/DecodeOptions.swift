/// What a caller asks of a decode. (Not colours: a decode gives the
/// file's own, tagged on the image; see `Image.convertedToSRGB()`.)
public struct DecodeOptions: Sendable, Hashable {
    /// Which frames of an animation to decode.
    public enum Frames: Sendable, Hashable {
        case first
        case all
    }

    /// The largest size the caller needs (upright); JPEGs shrink while
    /// decoding to the smallest DCT scale that still covers it. nil = full size.
    public var target: TargetSize?
    public var frames: Frames
    public var limits: DecodeLimits
    /// Whether to turn the frames upright. The pipeline says no, and turns
    /// the small resized result instead, in the same pass as the resize.
    public var appliesOrientation: Bool
    /// Threads a codec may use inside one decode (HEIF grid tiles); 0 = its default.
    public var codecThreads: Int

    public init(target: TargetSize? = nil, frames: Frames = .first, limits: DecodeLimits = .default,
                appliesOrientation: Bool = true, codecThreads: Int = 0) {
        self.codecThreads = codecThreads
        self.target = target
        self.frames = frames
        self.limits = limits
        self.appliesOrientation = appliesOrientation
    }
}
