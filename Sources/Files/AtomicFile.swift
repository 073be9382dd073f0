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
        let writer = try AtomicFileWriter(path: path, permissions: permissions)
        try writer.write(bytes)
        try writer.commit()
    }
}
