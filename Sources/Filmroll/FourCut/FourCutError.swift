import Catalog
import Imaging

/// Why a four-cut sheet was not made. Each case prints a sentence a person
/// understands.
public enum FourCutError: Error, Sendable, CustomStringConvertible {
    /// The sheet may not be written at `path` (a file Filmroll did not
    /// make, a photo), or could not be encoded or written.
    case output(path: String, ImagingError)
    /// A photo could not be read.
    case photo(path: String, ImagingError)
    /// The catalog that would record the sheet exists but cannot be used.
    case catalog(CatalogError)
    /// The sheet's caption could not be drawn (its font, a missing glyph).
    case rendering(TextError)

    public var description: String {
        switch self {
        case let .output(path, error), let .photo(path, error): "\(path): \(error)"
        case .catalog(let error): error.description
        case .rendering(let error): error.description
        }
    }
}
