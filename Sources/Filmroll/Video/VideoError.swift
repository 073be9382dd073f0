import Catalog
import Imaging

/// Why a video was not made. Each case prints a sentence a person understands.
public enum VideoError: Error, Sendable, CustomStringConvertible {
    /// There was no input to make frames of.
    case noFrames
    /// An input could not be decoded.
    case frame(path: String, ImagingError)
    /// The video may not be written at `path` (a file Filmroll did not
    /// make, an input), or could not be encoded or written.
    case output(path: String, ImagingError)
    /// The catalog that would record the video exists but cannot be used.
    case catalog(CatalogError)
    /// The run was cancelled before the video was written; nothing was.
    case cancelled

    public var description: String {
        switch self {
        case .noFrames: "no input frames"
        case let .frame(path, error), let .output(path, error): "\(path): \(error)"
        case .catalog(let error): error.description
        case .cancelled: "cancelled; nothing was written"
        }
    }
}
