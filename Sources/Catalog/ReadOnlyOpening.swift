#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// How a catalog is opened read-only.
///
/// A WAL database is normally read with its `-wal` and `-shm` beside it,
/// which SQLite creates when missing (and a read-only connection leaves
/// behind). Where the catalog's folder cannot be written (a read-only file
/// system, `statvfs` `ST_RDONLY`, or no write permission) they cannot be
/// created, and the file is opened `immutable=1` instead: no locks, no
/// `-shm`. Immutable reads ignore the `-wal`, though, so when both `-wal`
/// and `-shm` are already there (a catalog left open, then the card made
/// read-only) the file is opened normally, and SQLite reads the WAL
/// through a private copy of its index.
enum ReadOnlyOpening {
    /// True when the catalog at `path` must be opened immutable.
    static func needsImmutable(_ path: String) -> Bool {
        if isWritableFolder(folder(of: path)) { return false }
        return !(exists(path + "-wal") && exists(path + "-shm"))
    }

    /// True when new files can be made in `folder`.
    static func isWritableFolder(_ folder: String) -> Bool {
        var info = statvfs()
        if folder.withPlatformPath({ statvfs($0, &info) }) == 0 && info.f_flag & UInt(ST_RDONLY) != 0 { return false }
        return access(folder, W_OK) == 0
    }

    /// Why the file at `path` opened read-only: "read-only file system" or "permission denied".
    static func whyNotWritable(_ path: String) -> String {
        var info = statvfs()
        let code = path.withPlatformPath({ statvfs($0, &info) }) == 0 && info.f_flag & UInt(ST_RDONLY) != 0 ? EROFS : EACCES
        return String(cString: strerror(code)).lowercased()
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
