import Imaging

/// Why `PhotoConversion` wrote nothing: about the photo, or about the output file.
public enum ConversionError: Error, Sendable, CustomStringConvertible {
    /// The photo could not be read, decoded or fitted within the memory budget.
    case photo(path: String, ImagingError)
    /// The output could not be written there (refused by the output guard, or the disk).
    case output(path: String, ImagingError)

    public var description: String {
        switch self {
        case let .photo(path, error), let .output(path, error): "\(path): \(error)"
        }
    }
}
