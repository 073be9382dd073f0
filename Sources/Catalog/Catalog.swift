#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The sidecar catalog of one photo folder: `FOLDER/.filmroll/catalog.sqlite`
/// (or a path given with `--catalog`), in WAL mode with foreign keys on,
/// migrated by `PRAGMA user_version`.
///
/// Every open first checks the file for damage (`PRAGMA quick_check`, a
/// few tens of milliseconds for 10,000 photos), before anything is written,
/// unless it is as the last check or writer left it (`CatalogCheckStamp`).
public final class Catalog {
    /// How a catalog is opened.
    public enum Access: Sendable, Hashable {
        /// Read and write, creating the catalog (and its folder) when missing.
        case create
        /// Read and write an existing catalog.
        case write
        /// Read an existing catalog, never writing (not even the journal
        /// mode or a migration), so that one on a camera card or a
        /// read-only share can be read.
        case read
    }

    public let database: Database
    /// The folder whose photos the catalog indexes; photo paths are relative to it.
    public let folder: String
    public let path: String
    public let access: Access
    /// How output paths are stored: relative to `folder` inside it.
    public private(set) var pathCodec: OutputPathCodec
    /// The catalog's id, which the marker of every folder it owns names
    /// (`OutputRootMarker`); nil for a catalog read as it is that has none.
    public internal(set) var identity: String?
    /// The photo columns to select: `PhotoRecord.columns`, as an older catalog read as it is has them.
    private(set) var photoColumns = PhotoRecord.columns
    /// Set once the open succeeded: a failed open (damage found) stamps nothing.
    private var opened = false

    /// The default catalog path of `folder`.
    public static func defaultPath(for folder: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + ".filmroll/catalog.sqlite"
    }

    /// Opens (creating when `create`) the catalog at `path` for `folder`:
    /// `.create` when `create`, else `.write`.
    public convenience init(folder: String, path: String? = nil, create: Bool = true) throws(CatalogError) {
        try self.init(folder: folder, path: path, access: create ? .create : .write)
    }

    /// Opens the catalog at `path` (default `FOLDER/.filmroll/catalog.sqlite`) for `folder`.
    ///
    /// `.read` opens the file through a read-only URI, adding `immutable=1`
    /// where its folder cannot be written and SQLite could not use the WAL
    /// beside it (see `ReadOnlyOpening`).
    /// - Throws: `.notFound` when there is no catalog to write or read;
    ///   `.notAFile` for a FIFO, socket or device at `path` or beside it
    ///   (see `CatalogFileCheck`), never opened; `.damaged` when the check
    ///   finds damage, the file is not a database, is a directory or is
    ///   empty; `.newerSchema` rather than touching a catalog of a newer
    ///   version; `.notWritable` when it cannot be created; `.diskFull`.
    public init(folder: String, path: String? = nil, access: Access) throws(CatalogError) {
        let path = path ?? Catalog.defaultPath(for: folder)
        self.folder = folder
        self.path = path
        self.access = access
        pathCodec = OutputPathCodec(folder: folder)
        // Before SQLite opens anything: a FIFO would block it, a directory or an empty file is no catalog.
        if access != .create && !CatalogFileKind.of(path).exists { throw .notFound(folder) }
        try CatalogFileCheck.check(path, folder: folder)
        if access == .create, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            do throws(FileError) {
                try Folders.create(String(path[..<slash]))
            } catch {
                throw .notWritable(path: path, reason: error.description)
            }
        }
        do {
            let mode: Database.OpenMode = switch access {
            case .create: .create
            case .write: .readWrite
            case .read: .readOnly(immutable: ReadOnlyOpening.needsImmutable(path))
            }
            database = try Database(path: path, mode: mode)
            // SQLite opens a file it cannot write read-only: say so before reading it
            // (a reader, `.read`, can still read it, damage check and all).
            if access != .read && database.isReadOnly {
                throw CatalogError.notWritable(path: path, reason: ReadOnlyOpening.whyNotWritable(path))
            }
            try database.execute("PRAGMA foreign_keys = ON")
            if !CatalogCheckStamp.matches(path) {
                try Self.checkForDamage(database, path: path, folder: folder)
                if access != .read { CatalogCheckStamp.record(path) }
            } else {
                // Still one read at the open, as the check made: a catalog that cannot be read at all
                // (its WAL index cannot be made on a full disk) says so here, before any work.
                _ = try database.value("SELECT count(*) FROM sqlite_master")
            }
            if access == .read {
                try checkReadableVersion()
                identity = storedIdentity()
                photoColumns = PhotoRecord.columns(schemaVersion: schemaVersion)
                if schemaVersion < CatalogSchema.relativeOutputPathsVersion {
                    pathCodec = OutputPathCodec(folder: folder, storesRelative: false)
                }
            } else {
                let journal = try Self.switchToWAL(database)
                if journal.lowercased() != "wal" && access == .create {
                    throw CatalogError.notWritable(path: path, reason: "cannot switch to WAL journal (\(journal))")
                }
                try migrate()
                identity = try establishIdentity()
            }
        } catch {
            throw Self.openError(error, path: path, folder: folder, access: access)
        }
        opened = true
    }

    /// A writer leaves its WAL written into the file and stamps it, so that
    /// the next open need not check it again (`CatalogCheckStamp`).
    deinit {
        guard opened, access != .read, (try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)")) != nil else { return }
        CatalogCheckStamp.record(path, waits: true)
    }

    /// An error met while opening, as the user should see it.
    private static func openError(_ error: any Error, path: String, folder: String, access: Access) -> CatalogError {
        if let error = error as? DatabaseError, !error.isDamage, !error.isDiskFull {
            switch error.code.primary {
            case .readOnly: return .notWritable(path: path, reason: error.message)
            case .cannotOpen where access != .read: return .notWritable(path: path, reason: error.description)
            default: break
            }
        }
        return CatalogError(error, path: path, folder: folder)
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
            if current == 0, let table = try otherTable() {
                throw CatalogError.notACatalog(path: path, reason: "it holds a table '\(table)' and no catalog")
            }
            if current == 0 {
                try database.execute(CatalogSchema.current)
                try database.execute("PRAGMA user_version = \(CatalogSchema.currentVersion)")
                return
            }
            for step in current..<CatalogSchema.currentVersion {
                try database.execute(CatalogSchema.migrations[step])
                if step + 1 == CatalogSchema.relativeOutputPathsVersion { try storeOutputPathsRelative() }
                if step + 1 == CatalogSchema.timeUnknownVersion { try markNamedDatesWithoutTime() }
                try database.execute("PRAGMA user_version = \(step + 1)")
            }
        }
    }

    /// A read-only catalog is read as it is: refused when newer, and when
    /// still empty it is no catalog yet. (A future schema version that a
    /// reader cannot use as it is should be refused here with a request to
    /// run `filmroll index` once on a writable copy.)
    private func checkReadableVersion() throws {
        let version = try database.value("PRAGMA user_version").int ?? 0
        if version > CatalogSchema.currentVersion {
            throw CatalogError.newerSchema(path: path, version: version, supported: CatalogSchema.currentVersion)
        }
        if version == 0 {
            if let table = try otherTable() {
                throw CatalogError.notACatalog(path: path, reason: "it holds a table '\(table)' and no catalog")
            }
            throw CatalogError.notFound(folder)
        }
    }

    /// Some table of a file with no catalog schema yet, if it has any.
    private func otherTable() throws(DatabaseError) -> String? {
        try database.value("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name LIMIT 1").string
    }
}
