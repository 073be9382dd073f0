#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// What an output file was when Filmroll made it: its size and content
/// hash (XXH3-128), recorded with it in the catalog. A file at the same
/// path that still has both is the one Filmroll made, mark or not; a row
/// that names somebody's file (a catalog handed over with a folder, or
/// edited) does not match it, so it never authorises replacing or
/// deleting that file.
public struct OutputIdentity: Sendable, Hashable {
    public var bytes: Int
    public var hash: String

    public init(bytes: Int, hash: String) {
        self.bytes = bytes
        self.hash = hash
    }

    /// The identity of the regular file at `path` (not followed when it is
    /// a symbolic link, never blocking on a FIFO); nil for anything else.
    public static func of(path: String) -> OutputIdentity? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return of(descriptor: descriptor)
    }

    /// The identity of the regular file open at `descriptor`; nil for anything else.
    public static func of(descriptor: Int32) -> OutputIdentity? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return ContentHash.identity(ofDescriptor: descriptor)
    }

    /// Whether the file open at `descriptor` is this one: the size first
    /// (from `fstat`, no read), then the hash.
    public func matches(descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes else {
            return false
        }
        return ContentHash.identity(ofDescriptor: descriptor) == self
    }
}
