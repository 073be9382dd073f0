#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file that is neither a regular file nor a folder is, said as a
/// person would: "a FIFO, not a regular file", "a symbolic link to
/// /dev/zero, a character device". Found with `lstat`, `readlink` and
/// `stat` only: such a file is never opened (a FIFO would block, a device
/// would never end).
public enum SpecialFile {
    /// Why the entry `name` of the folder open as `folder` is not a file to
    /// read, or nil when it is a regular file or a folder (links followed).
    public static func reason(name: String, in folder: Int32) -> String? {
        var status = stat()
        guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        guard (status.st_mode & S_IFMT) == S_IFLNK else { return kindReason(status.st_mode) }
        var bytes = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { readlinkat(folder, name, $0.baseAddress!, $0.count - 1) }
        }
        let link = "a symbolic link to " + (count >= 0 ? String(decoding: bytes[..<count], as: UTF8.self) : "?")
        var target = stat()
        guard fstatat(folder, name, &target, 0) == 0 else {
            let failure = errno
            return link + (failure == ENOENT ? " that does not exist" : " that cannot be followed (\(FileBytes.systemMessage(failure)))")
        }
        return kindReason(target.st_mode).map { _ in link + ", " + kind(target.st_mode) }
    }

    /// Why the file at `path` is not a file to read, or nil when it is a
    /// regular file or a folder (links followed).
    public static func reason(path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return reason(name: name.isEmpty ? "." : name, in: descriptor)
    }

    /// "a FIFO, not a regular file" for a special file's mode; nil for a regular file or folder.
    private static func kindReason(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFDIR: nil
        default: kind(mode) + ", not a regular file"
        }
    }

    /// "a FIFO", "a socket", "a character device", "a block device".
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a folder"
        case S_IFREG: "a regular file"
        default: "a special file"
        }
    }
}
