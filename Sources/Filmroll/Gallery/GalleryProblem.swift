/// A file the gallery cannot show (or shows damaged), listed on its problems page.
public struct GalleryProblem: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A photo that could not be read.
        case unreadable
        /// An output that could not be made.
        case notMade
        /// A file of the folder that is not a photo.
        case skipped
        /// A photo shown, whose decoder went past damage (the reason is the warning).
        case warned
        /// An edit or sidecar file beside its photo (`Sidecar`): no problem, only counted.
        case sidecar
    }

    public var kind: Kind
    /// Relative to the photo folder (the gallery folder for `notMade`); any text.
    public var path: String
    public var reason: String

    public init(kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }
}
