#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging

/// The sidecar catalog of one photo folder: `FOLDER/.filmroll/catalog.sqlite`
/// (or a path given with `--catalog`), in WAL mode with foreign keys on,
/// migrated by `PRAGMA user_version`.
public final class Catalog {
    public let database: Database
    /// The folder whose photos the catalog indexes; photo paths are relative to it.
    public let folder: String
    public let path: String

    /// The default catalog path of `folder`.
    public static func defaultPath(for folder: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + ".filmroll/catalog.sqlite"
    }

    /// Opens (creating when `create`) the catalog at `path` for `folder`.
    /// - Throws: `CatalogError.newerSchema` rather than touching a catalog
    ///   of a newer version; `.notWritable` when it cannot be created.
    public init(folder: String, path: String? = nil, create: Bool = true) throws(CatalogError) {
        let path = path ?? Catalog.defaultPath(for: folder)
        self.folder = folder
        self.path = path
        if create, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            do throws(ImagingError) {
                try Folders.create(String(path[..<slash]))
            } catch {
                throw .notWritable(path: path, reason: error.description)
            }
        }
        if !create && access(path, F_OK) != 0 { throw .notFound(folder) }
        do {
            database = try Database(path: path, create: create)
            try database.execute("PRAGMA foreign_keys = ON")
            let mode = try Self.switchToWAL(database)
            if mode.lowercased() != "wal" && create {
                throw CatalogError.notWritable(path: path, reason: "cannot switch to WAL journal (\(mode))")
            }
            try migrate()
        } catch let error as CatalogError {
            throw error
        } catch let error as DatabaseError {
            switch error.code.primary {
            case .readOnly, .cannotOpen:
                throw .notWritable(path: path, reason: error.message)
            case .notADatabase, .corrupt:
                throw .notACatalog(path: path, reason: error.message)
            default:
                throw .database(error)
            }
        } catch {
            throw .database(DatabaseError(code: .error, message: String(describing: error)))
        }
    }

    /// Sets the WAL journal. Switching needs a moment of exclusive access,
    /// for which SQLite does not call the busy handler: when another
    /// process is opening the same new catalog, retry for a while.
    private static func switchToWAL(_ database: Database) throws(DatabaseError) -> String {
        var attempt = 0
        while true {
            do throws(DatabaseError) {
                return try database.value("PRAGMA journal_mode = WAL").string ?? ""
            } catch where error.code.primary == .busy || error.code.primary == .locked {
                attempt += 1
                if attempt > 600 { throw error }
                usleep(50_000)
            }
        }
    }

    /// The schema version of the open catalog.
    public var schemaVersion: Int { (try? database.value("PRAGMA user_version").int) ?? 0 }

    private func migrate() throws {
        let version = try database.value("PRAGMA user_version").int ?? 0
        if version > CatalogSchema.currentVersion {
            throw CatalogError.newerSchema(path: path, version: version, supported: CatalogSchema.currentVersion)
        }
        guard version < CatalogSchema.currentVersion else { return }
        try database.transaction {
            // Read again inside the write lock: another process may have migrated meanwhile.
            let current = try database.value("PRAGMA user_version").int ?? 0
            for step in current..<CatalogSchema.currentVersion {
                try database.execute(CatalogSchema.migrations[step])
                try database.execute("PRAGMA user_version = \(step + 1)")
            }
        }
    }
}

