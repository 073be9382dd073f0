/// What a planned output is: how progress, JSON lines and summaries name
/// it, and how the executor counts what it made.
public enum OutputKind: String, Sendable, Hashable, CaseIterable {
    case thumbnail
    /// A freedesktop.org thumbnail, in the shared cache.
    case xdgThumbnail = "xdg-thumbnail"
    case fourcut
    /// A day's animation (`process`) or one made by `gif`.
    case animation
    /// A video made by `video`.
    case video
    /// A video's or motion photo's web clip.
    case clip
    /// A photo written in another format by `convert`.
    case conversion = "convert"
    /// A photo's perceptual fingerprint, kept in the catalog (`FingerprintOutputs`): no file.
    case fingerprint

    /// Whether it is a file (a fingerprint is a catalog row): what is made is told by path.
    public var isFile: Bool { self != .fingerprint }
}
