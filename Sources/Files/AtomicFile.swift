#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old file or the whole new
/// one: the bytes go to a temporary file beside the target, which is then
/// renamed over it. An interrupted run leaves no half-written output: the
/// temporary is registered with `TemporaryFiles`, which removes it when
/// the process is stopped by a signal, and swept by a later run when the
/// process was killed outright.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, permissions: mode_t = 0o644) throws(FileError) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (directory.isEmpty ? "" : directory + "/") + TemporaryFiles.name(for: name)
        let descriptor = TemporaryFiles.create(temporary, permissions: permissions)
        if descriptor < 0 { throw .system("cannot create \(path): \(FileBytes.systemMessage(errno))") }
        defer { TemporaryFiles.unregister(temporary) }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += count
            }
        }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw .system("cannot write \(path): \(FileBytes.systemMessage(failure))")
        }
    }
}
