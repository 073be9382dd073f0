/// How the bytes of one pixel are laid out: 8 bits per channel, no padding.
public enum PixelFormat: Int, Sendable, Hashable, CustomStringConvertible {
    case gray8 = 1
    case rgb8 = 3
    case rgba8 = 4

    /// Bytes per pixel, which is also the number of channels.
    public var bytesPerPixel: Int { rawValue }

    public var hasAlpha: Bool { self == .rgba8 }

    public var description: String {
        switch self {
        case .gray8: "gray8"
        case .rgb8: "rgb8"
        case .rgba8: "rgba8"
        }
    }
}
