import Catalog
import Imaging

/// Why an animation (GIF or WebP) was not made. Each case prints a sentence a person understands.
public enum AnimationError: Error, Sendable, CustomStringConvertible {
    /// There was no input to make frames of.
    case noFrames
    /// An input could not be decoded.
    case frame(path: String, ImagingError)
    /// The frames could not be encoded.
    case encoding(ImagingError)
    /// The animation may not be written at `path` (a file Filmroll did not make,
    /// an input), or could not be encoded or written.
    case output(path: String, ImagingError)
    /// The catalog that would record the animation exists but cannot be used.
    case catalog(CatalogError)
    /// The run was cancelled before the animation was written; nothing was.
    case cancelled

    public var description: String {
        switch self {
        case .noFrames: "no input frames"
        case let .frame(path, error), let .output(path, error): "\(path): \(error)"
        case .encoding(let error): error.description
        case .catalog(let error): error.description
        case .cancelled: "cancelled; nothing was written"
        }
    }
}
