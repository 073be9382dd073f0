#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// Which version of which file a cached image was made from: its path,
/// byte size and modification time in nanoseconds. Any change to the file
/// gives a new identity, so stale cache entries are never returned.
public struct SourceIdentity: Sendable, Hashable {
    public var path: String
    public var byteCount: Int
    public var modificationTimeNanoseconds: Int64

    public init(path: String, byteCount: Int, modificationTimeNanoseconds: Int64) {
        self.path = path
        self.byteCount = byteCount
        self.modificationTimeNanoseconds = modificationTimeNanoseconds
    }

    /// The identity of the file at `path` now.
    public static func of(_ path: String) throws(ImagingError) -> SourceIdentity {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .fileSystem(.failed(.read, path: path, .system(errno: errno))) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw .fileSystem(.failed(.read, path: path, .isDirectory)) }
        if (status.st_mode & S_IFMT) != S_IFREG { throw .fileSystem(.failed(.read, path: path, .notRegularFile)) }
        let nanoseconds = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        return SourceIdentity(path: path, byteCount: Int(status.st_size), modificationTimeNanoseconds: nanoseconds)
    }

    /// Modification time in whole seconds, as the XDG thumbnail spec wants it.
    public var modificationTimeSeconds: Int { Int(modificationTimeNanoseconds / 1_000_000_000) }
}

extension SourceIdentity {
    /// The file's modification time as a date (local time), for photos without EXIF dates.
    public var fileDate: CaptureDate {
        var seconds = time_t(modificationTimeNanoseconds / 1_000_000_000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return CaptureDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                           hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }
}
