/// The sizes of the freedesktop.org thumbnail cache, named like its folders.
public enum XDGThumbnailSize: String, CaseIterable, Sendable {
    case normal
    case large
    case xLarge = "x-large"
    case xxLarge = "xx-large"

    /// The longest edge a thumbnail of this size may have.
    public var pixels: Int {
        switch self {
        case .normal: 128
        case .large: 256
        case .xLarge: 512
        case .xxLarge: 1024
        }
    }
}
