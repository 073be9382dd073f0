#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks the catalog's path, and the `-wal`, `-shm` and `-journal` that
/// SQLite opens beside it, before SQLite opens anything, with `stat` alone.
///
/// A FIFO, socket or device there (or a symbolic link to one) is refused
/// and left unopened and in place: SQLite would block opening a FIFO, or
/// fail with "illegal seek". A directory or an empty (0-byte) catalog is
/// damage: reported, and set aside by `index --rebuild` like any damaged
/// catalog. (A new catalog is 0 bytes only for the moment between SQLite
/// creating it and switching it to WAL; another run caught there is waited for.)
enum CatalogFileCheck {
    /// The files SQLite may open beside a catalog.
    static let sidecarSuffixes = ["-wal", "-shm", "-journal"]

    /// How long an empty catalog is given to grow before it is called damaged.
    static let emptyGrace: Duration = .seconds(1)

    /// Checks the catalog at `path` of `folder` and the files beside it.
    /// - Throws: `.notAFile` as `refuseNonFiles`; `.damaged` as `damage`.
    static func check(_ path: String, folder: String) throws(CatalogError) {
        let kind = try refuseNonFiles(path)
        if let reason = damage(path, kind: kind) { throw .damaged(path: path, folder: folder, reason: reason) }
    }

    /// Refuses what must never be opened, let alone moved: a FIFO, socket
    /// or device at `path` or beside it, or a directory beside it when
    /// there is no catalog to set aside with it.
    /// - Returns: the kind of the file at `path`.
    /// - Throws: `.notAFile` naming the file.
    @discardableResult
    static func refuseNonFiles(_ path: String) throws(CatalogError) -> CatalogFileKind {
        let kind = CatalogFileKind.of(path)
        if case .special(let what) = kind { throw .notAFile(path: path, kind: what, catalog: path) }
        for suffix in sidecarSuffixes {
            switch CatalogFileKind.of(path + suffix) {
            case .special(let what):
                throw .notAFile(path: path + suffix, kind: what, catalog: path)
            case .directory where !kind.exists:
                throw .notAFile(path: path + suffix, kind: "a directory", catalog: path)
            default:
                continue
            }
        }
        return kind
    }

    /// Why the catalog at `path` (of `kind`) cannot be a catalog, if it
    /// cannot: a directory, an empty file, or a directory beside it.
    static func damage(_ path: String, kind: CatalogFileKind) -> String? {
        switch kind {
        case .directory:
            return "it is a directory, not a file"
        case .regular(size: 0) where !grows(path):
            return "it is empty: 0 bytes"
        case .missing:
            return nil
        default:
            break
        }
        for suffix in sidecarSuffixes where CatalogFileKind.of(path + suffix) == .directory {
            return "its \(suffix) file \(path + suffix) is a directory, not a file"
        }
        return nil
    }

    /// Whether the empty file at `path` grows within `emptyGrace` (another
    /// run creating the catalog), looking every 20 ms.
    private static func grows(_ path: String) -> Bool {
        let deadline = ContinuousClock.now + emptyGrace
        while ContinuousClock.now < deadline {
            usleep(20_000)
            if case .regular(let size) = CatalogFileKind.of(path), size == 0 { continue }
            return true
        }
        return false
    }
}
