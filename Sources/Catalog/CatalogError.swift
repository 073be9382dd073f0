/// Why the catalog could not be used. Prints a sentence a person understands.
public enum CatalogError: Error, Sendable, CustomStringConvertible {
    /// The catalog file was made by a newer Filmroll.
    case newerSchema(path: String, version: Int, supported: Int)
    /// The catalog cannot be created or written where it belongs.
    case notWritable(path: String, reason: String)
    /// The file is not a catalog (or is damaged).
    case notACatalog(path: String, reason: String)
    /// No catalog covers the given path.
    case notFound(String)
    /// A database call failed.
    case database(DatabaseError)

    public var description: String {
        switch self {
        case let .newerSchema(path, version, supported):
            "\(path): catalog schema version \(version) is newer than this Filmroll understands (\(supported)); "
                + "use a newer Filmroll (the catalog was left as it is)"
        case let .notWritable(path, reason):
            "cannot write the catalog \(path): \(reason); use --catalog PATH to keep it elsewhere"
        case let .notACatalog(path, reason):
            "\(path) is not a Filmroll catalog: \(reason)"
        case .notFound(let path):
            "no catalog for \(path); run 'filmroll index FOLDER' first, or pass --catalog PATH"
        case .database(let error):
            "catalog: \(error)"
        }
    }
}
