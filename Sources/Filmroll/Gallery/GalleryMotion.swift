import Imaging

/// What moves in a gallery item: a video, or the motion of a Live Photo or
/// a motion photo, and the clip a page plays for it.
public struct GalleryMotion: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// A video of its own: its poster stands for it, and its page plays it.
        case video
        /// A still with the MOV the phone took around it.
        case livePhoto
        /// A still with a short video inside its file.
        case motionPhoto
    }

    public var kind: Kind
    /// The clip a page plays, relative to the gallery folder (a preview
    /// made for browsers, or the original when browsers play it as it is);
    /// nil when there is none to play (the poster is shown alone).
    public var clip: String?
    /// How long it lasts, in seconds, when known.
    public var durationSeconds: Double?

    public init(kind: Kind, clip: String?, durationSeconds: Double?) {
        self.kind = kind
        self.clip = clip
        self.durationSeconds = durationSeconds
    }

    /// "0:07": the length as a player shows it.
    public var durationText: String? {
        durationSeconds.map(VideoFacts.durationText)
    }
}
