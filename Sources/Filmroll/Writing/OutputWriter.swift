#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging

/// Writes a run's output files: each checked by the `OutputGuard`,
/// into its folder (made when missing), atomically (`AtomicFileWriter`
/// sweeps the folder of the temporaries crashed runs left there).
public final class OutputWriter: Sendable {
    public let outputGuard: OutputGuard
    /// When set, folders a symbolic link leads outside of this one are refused (`thumbs --out`).
    public let confinement: String?
    /// Whether missing folders are made (not for `convert`, like `cp`).
    public let createsFolders: Bool

    public init(outputGuard: OutputGuard, confinedTo confinement: String? = nil, createsFolders: Bool = true) {
        self.outputGuard = outputGuard
        self.confinement = confinement
        self.createsFolders = createsFolders
    }

    /// Writes `bytes` at `path`, or throws why it may not.
    public func write(_ bytes: [UInt8], to path: String) throws(ImagingError) {
        try prepare(path)
        try ImagingError.converting(try AtomicFile.write(bytes, to: path))
    }

    /// Starts writing `path` piece by piece (a long animation, as it is
    /// encoded), or throws why it may not be written. The file appears at
    /// `path` on `commit(_:)`; until then only a temporary beside it exists,
    /// removed if the writer is discarded or the process is stopped.
    public func startWriting(_ path: String) throws(ImagingError) -> AtomicFileWriter {
        try prepare(path)
        return try ImagingError.converting(try AtomicFileWriter(path: path))
    }

    /// Checks `path` again (something may have appeared there meanwhile) and
    /// puts the finished file in its place.
    public func commit(_ file: AtomicFileWriter) throws(ImagingError) {
        do throws(ImagingError) {
            try outputGuard.check(file.path)
        } catch {
            file.discard()
            throw error
        }
        try ImagingError.converting(try file.commit())
    }

    /// Readies `path` for a writer of its own (a video encoder's temporary
    /// beside it): checks the guard, makes its folder, checks the confinement.
    public func prepareFolder(for path: String) throws(ImagingError) {
        try prepare(path)
    }

    /// Checks the guard, makes the folder, checks the confinement.
    private func prepare(_ path: String) throws(ImagingError) {
        try outputGuard.check(path)
        let folder = InputWalker.parentFolder(path)
        if createsFolders { try ImagingError.converting(try Folders.create(folder)) }
        try checkConfinement(folder)
    }

    /// Refuses a folder that a symlink leads outside the confinement.
    private func checkConfinement(_ folder: String) throws(ImagingError) {
        guard let root = confinement, let resolvedRoot = AbsolutePath.resolved(root),
              let resolvedFolder = AbsolutePath.resolved(folder) else { return }
        if resolvedFolder != resolvedRoot && !resolvedFolder.hasPrefix(resolvedRoot + "/") {
            throw .outputRefused(OutputRefusal(path: folder, .linkLeadsOutside(root: root)))
        }
    }
}
