#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The device and inode of every input photo, so that no output ever
/// replaces one, whatever path spells it.
public struct InputIdentities: Sendable {
    private struct FileID: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    private let ids: Set<FileID>

    public init(_ files: [InputFile]) {
        self.init(paths: files.map(\.path))
    }

    public init(paths: [String]) {
        ids = Set(paths.compactMap { Self.id(of: $0) })
    }

    /// Whether `path` exists and is one of the inputs.
    public func contains(_ path: String) -> Bool {
        Self.id(of: path).map(ids.contains) ?? false
    }

    private static func id(of path: String) -> FileID? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
