#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with POSIX calls, refusing anything that is not a
/// regular file or is larger than a limit.
public enum FileBytes {
    /// - Throws: `.system("not a regular file")` for a FIFO, device or
    ///   socket, without blocking (opened with O_NONBLOCK, checked with fstat).
    public static func read(_ path: String, limit: Int = 1 << 30) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 { throw .system(systemMessage(errno)) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) != 0 { throw .system(systemMessage(errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw .system("is a directory") }
        if (status.st_mode & S_IFMT) != S_IFREG { throw .system("not a regular file") }
        let size = Int(status.st_size)
        if size > limit { throw .tooLarge(limit: limit) }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var offset = 0
            while offset < size {
                let count = Glibc.read(descriptor, buffer.baseAddress! + offset, size - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }   // the file shrank while we read it
                offset += count
            }
            initialized = offset
        }
        if failure != 0 { throw .system(systemMessage(failure)) }
        return bytes
    }

    /// strerror(code) in lower case: "no such file or directory".
    public static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

extension FileBytes {
    /// Whether `path` names an existing file or folder.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}
