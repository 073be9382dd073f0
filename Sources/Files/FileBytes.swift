#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with POSIX calls, refusing anything that is not a
/// regular file or is larger than a limit.
public enum FileBytes {
    /// - Throws: `.failed(.read, …, .notRegularFile)` for a FIFO, device or
    ///   socket, without blocking (opened with O_NONBLOCK, checked with fstat);
    ///   `.tooLarge` past `limit`.
    public static func read(_ path: String, limit: Int = 1 << 30) throws(FileError) -> [UInt8] {
        let (descriptor, size) = try openRegular(path)
        defer { close(descriptor) }
        if size > limit { throw .tooLarge(path: path, size: size, limit: limit) }
        return try readAll(descriptor, size: size, path: path)
    }

    /// Reads the file's first `headCount` bytes (all of a shorter file)
    /// and, unless `stopsAtHead` says so of them, the whole file (`limit`
    /// then applies): how a decoder that reads a file itself (a video of
    /// gigabytes) is found without reading the file.
    /// - Returns: the bytes read, whether they stop at the head (at the
    ///   caller's word), and the file's size.
    public static func read(_ path: String, limit: Int, headCount: Int, stopsAtHead: ([UInt8]) -> Bool)
        throws(FileError) -> (bytes: [UInt8], stoppedAtHead: Bool, size: Int) {
        let (descriptor, size) = try openRegular(path)
        defer { close(descriptor) }
        let head = try readAll(descriptor, size: min(size, headCount), path: path)
        if stopsAtHead(head) { return (head, true, size) }
        if size > limit { throw .tooLarge(path: path, size: size, limit: limit) }
        if head.count == size { return (head, false, size) }
        if lseek(descriptor, 0, SEEK_SET) != 0 { throw .failed(.read, path: path, .system(errno: errno)) }
        return (try readAll(descriptor, size: size, path: path), false, size)
    }

    /// Up to `size` bytes from the descriptor's position (fewer when the file shrank).
    private static func readAll(_ descriptor: Int32, size: Int, path: String) throws(FileError) -> [UInt8] {
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
        if failure != 0 { throw .failed(.read, path: path, .system(errno: failure)) }
        return bytes
    }

    /// Opens a regular file for reading: its descriptor (the caller closes
    /// it) and its size. Never blocks on a FIFO.
    /// - Throws: `.failed(.read, …)`: the system's reason, `.isDirectory` or `.notRegularFile`.
    public static func openRegular(_ path: String) throws(FileError) -> (descriptor: Int32, size: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 { throw .failed(.read, path: path, .system(errno: errno)) }
        var status = stat()
        var problem: FileProblem?
        if fstat(descriptor, &status) != 0 {
            problem = .system(errno: errno)
        } else if (status.st_mode & S_IFMT) == S_IFDIR {
            problem = .isDirectory
        } else if (status.st_mode & S_IFMT) != S_IFREG {
            problem = .notRegularFile
        }
        if let problem {
            close(descriptor)
            throw .failed(.read, path: path, problem)
        }
        return (descriptor, Int(status.st_size))
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
