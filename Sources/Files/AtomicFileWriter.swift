#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written piece by piece that readers only ever see whole: the
/// pieces go to a temporary file beside the target (`TemporaryFiles`, so a
/// signal or a later run removes it), which `commit()` renames over the
/// target. Until then the target is untouched; `discard()`, or letting the
/// writer go without committing, removes the temporary.
///
/// For outputs too long to build in memory first (an animation of
/// thousands of frames): memory holds one piece at a time.
public final class AtomicFileWriter {
    public let path: String
    /// The temporary file, beside `path`, until `commit()`.
    public let temporaryPath: String
    /// The temporary file's descriptor, for a writer that writes through it
    /// itself (libavformat); -1 once committed or discarded.
    public private(set) var descriptor: Int32
    /// Bytes written so far.
    public private(set) var byteCount = 0

    /// Creates the temporary file, first sweeping the folder of the
    /// temporaries that killed runs left there (once per folder per run).
    /// - Throws: `FileError.failed(.create, …)` when it cannot be created (a missing or
    ///   read-only folder; the process is stopping).
    public init(path: String, permissions: mode_t = 0o644) throws(FileError) {
        self.path = path
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        TemporaryFiles.sweepOnce(folder: directory.isEmpty ? "/" : directory)
        temporaryPath = (directory.isEmpty ? "" : directory + "/") + TemporaryFiles.name(for: name)
        descriptor = TemporaryFiles.create(temporaryPath, permissions: permissions)
        if descriptor < 0 { throw .failed(.create, path: path, .system(errno: errno)) }
    }

    deinit { discard() }

    /// Appends `bytes` to the temporary file.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        guard descriptor >= 0 else { throw .failed(.write, path: path, .alreadyFinished) }
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                let failure = errno
                discard()
                throw .failed(.write, path: path, .system(errno: failure))
            }
            offset += count
        }
        byteCount += bytes.count
    }

    /// Appends `bytes` to the temporary file.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        var failure: FileError?
        bytes.withUnsafeBytes { raw in
            do throws(FileError) { try write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Closes the temporary file and renames it over `path`.
    public func commit() throws(FileError) {
        guard descriptor >= 0 else { throw .failed(.write, path: path, .alreadyFinished) }
        var failure: Int32 = 0
        if close(descriptor) != 0 { failure = errno }
        descriptor = -1
        if failure == 0 && rename(temporaryPath, path) != 0 { failure = errno }
        // The write's failure is the one to report; a temporary left behind is swept by the next run.
        if failure != 0 { _ = unlink(temporaryPath) }
        TemporaryFiles.unregister(temporaryPath)
        if failure != 0 { throw .failed(.write, path: path, .system(errno: failure)) }
    }

    /// Removes the temporary file; the target stays as it was. Does nothing once committed.
    public func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        _ = unlink(temporaryPath)   // nothing to report it to; a temporary left behind is swept by the next run
        TemporaryFiles.unregister(temporaryPath)
    }
}
