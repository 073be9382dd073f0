import Catalog

/// The file formats a day's animation can be made in by `process`.
public enum DayAnimationFormat: String, Sendable, CaseIterable, Hashable {
    /// 256 colours a frame; plays everywhere.
    case gif
    /// Lossy animated WebP: full colour, a fraction of the GIF's size.
    case webp
    /// H.264 video: the smallest, played by the gallery in a `video` element.
    case mp4

    /// The file's extension.
    public var fileExtension: String { rawValue }
}

extension DayAnimationFormat {
    /// How the catalog records an animation in this format.
    var outputKind: OutputRecord.Kind {
        switch self {
        case .gif: .gif
        case .webp: .webp
        case .mp4: .video
        }
    }
}
