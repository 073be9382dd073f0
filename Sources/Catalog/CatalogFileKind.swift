#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// What kind of file is at a path, as `stat` finds it (following symbolic
/// links, so a link to a FIFO is a FIFO). Nothing is opened: a FIFO never blocks.
enum CatalogFileKind: Equatable {
    case missing
    case regular(size: Int)
    case directory
    /// A FIFO, socket or device, named as a sentence says it: "a FIFO".
    case special(String)
    /// `stat` failed for another reason (a folder that cannot be searched):
    /// left to SQLite, which says why it cannot open the file.
    case unknown

    /// The kind of the file at `path`; with `followingLinks` false, a
    /// symbolic link is `.special("a symbolic link")` (what `rename` moves).
    static func of(_ path: String, followingLinks: Bool = true) -> CatalogFileKind {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .unknown
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(status.st_size))
        case S_IFDIR: return .directory
        case S_IFIFO: return .special("a FIFO")
        case S_IFSOCK: return .special("a socket")
        case S_IFCHR: return .special("a character device")
        case S_IFBLK: return .special("a block device")
        case S_IFLNK: return .special("a symbolic link")
        default: return .special("a file of unknown kind")
        }
    }

    /// Whether a file of some kind is there.
    var exists: Bool { self != .missing }
}
