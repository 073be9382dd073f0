#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// A basemap file opened read-only and read a range at a time with `pread`
/// (never held whole); safe to read from several threads at once.
final class BasemapFile: @unchecked Sendable {
    let path: String
    let size: UInt64
    private let descriptor: Int32

    init(path: String) throws(BasemapError) {
        let descriptor = Files.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BasemapError(path: path, reason: Self.systemReason("cannot be opened")) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw BasemapError(path: path, reason: Self.systemReason("cannot be read"))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw BasemapError(path: path, reason: "is not a regular file")
        }
        self.path = path
        self.descriptor = descriptor
        size = UInt64(status.st_size)
    }

    deinit { close(descriptor) }

    /// `length` bytes at `offset`, which must lie inside the file.
    func read(offset: UInt64, length: UInt64) throws(BasemapError) -> [UInt8] {
        guard offset <= size, length <= size - offset else {
            throw BasemapError(path: path, reason: "bytes \(offset)+\(length) lie outside the file (\(size) bytes)")
        }
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        var done = 0
        var failure: String?
        bytes.withUnsafeMutableBytes { buffer in
            while done < buffer.count {
                let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
                if count < 0 && errno == EINTR { continue }
                if count < 0 { failure = Self.systemReason("cannot be read"); return }
                if count == 0 { failure = "ends early (it changed while being read)"; return }
                done += count
            }
        }
        if let failure { throw BasemapError(path: path, reason: failure) }
        return bytes
    }

    private static func systemReason(_ what: String) -> String {
        what + ": " + String(cString: strerror(errno)).lowercased()
    }
}
