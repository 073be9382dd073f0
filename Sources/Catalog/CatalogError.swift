/// Why the catalog could not be used. Prints a sentence a person understands.
public enum CatalogError: Error, Sendable, CustomStringConvertible {
    /// The catalog file was made by a newer Filmroll.
    case newerSchema(path: String, version: Int, supported: Int)
    /// The catalog cannot be created or written where it belongs.
    case notWritable(path: String, reason: String)
    /// The file is a database, but not a Filmroll catalog.
    case notACatalog(path: String, reason: String)
    /// The catalog file is damaged, or is not a database at all: found by
    /// the check on opening, or by a query later. `folder` is the photo folder.
    case damaged(path: String, folder: String, reason: String)
    /// The catalog (`catalog`), or a file SQLite opens beside it (`path`,
    /// its `-wal`, `-shm` or `-journal`), is a FIFO, socket or device
    /// (`kind`, "a FIFO"): never opened, never moved.
    case notAFile(path: String, kind: String, catalog: String)
    /// The catalog's file system is full.
    case diskFull(path: String)
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
        case let .damaged(path, folder, reason):
            "the catalog \(path) is damaged (\(reason)); run '\(Self.rebuildCommand(path: path, folder: folder))' "
                + "to rebuild it from the photos (the damaged file is kept)"
        case let .notAFile(path, kind, catalog) where path == catalog:
            "the catalog \(path) is \(kind), not a regular file; Filmroll left it unopened and in place: "
                + "remove it, or pass --catalog PATH to keep the catalog elsewhere"
        case let .notAFile(path, kind, catalog):
            "\(path) beside the catalog \(catalog) is \(kind), not a regular file; the catalog was not opened "
                + "and nothing was moved: remove \(path) and run the command again"
        case .diskFull(let path):
            "cannot write the catalog \(path): no space left on device; free some space and run the command again"
        case .notFound(let path):
            "no catalog for \(path); run 'filmroll index FOLDER' first, or pass --catalog PATH"
        case .database(let error):
            "catalog: \(error)"
        }
    }

    /// `filmroll index --rebuild FOLDER`, with `--catalog PATH` when the
    /// catalog is not in its default place.
    static func rebuildCommand(path: String, folder: String) -> String {
        var command = "filmroll index --rebuild \(folder)"
        if path != Catalog.defaultPath(for: folder) { command += " --catalog \(path)" }
        return command
    }
}

extension CatalogError {
    /// `error` as the user should see it: a `DatabaseError` from a query on
    /// `catalog` becomes `.damaged` (corrupt, not a database), `.diskFull`
    /// (SQLITE_FULL, or an I/O error from ENOSPC) or `.notWritable`
    /// (read-only); a `CatalogError` stays as it is.
    public init(_ error: any Error, catalog: Catalog) {
        self.init(error, path: catalog.path, folder: catalog.folder)
    }

    /// `error` as the user should see it, for the catalog at `path` of `folder`.
    public init(_ error: any Error, path: String, folder: String) {
        switch error {
        case let error as CatalogError:
            self = error
        case let error as DatabaseError:
            if error.isDamage {
                self = .damaged(path: path, folder: folder, reason: error.message)
            } else if error.isDiskFull {
                self = .diskFull(path: path)
            } else if error.code.primary == .readOnly {
                self = .notWritable(path: path, reason: error.message)
            } else {
                self = .database(error)
            }
        default:
            self = .database(DatabaseError(code: .error, message: String(describing: error)))
        }
    }
}
