#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging

/// Writes a command's output files: each checked by the `OutputGuard`,
/// into its folder (made when missing, and swept once per run of the
/// temporaries crashed runs left there), atomically.
final class OutputWriter: Sendable {
    let outputGuard: OutputGuard
    /// When set, folders a symbolic link leads outside of this one are refused (`thumbs --out`).
    let confinement: String?
    /// Whether missing folders are made (not for `convert`, like `cp`).
    let createsFolders: Bool
    private let sweptFolders = Locked<Set<String>>([])

    init(outputGuard: OutputGuard, confinedTo confinement: String? = nil, createsFolders: Bool = true) {
        self.outputGuard = outputGuard
        self.confinement = confinement
        self.createsFolders = createsFolders
    }

    /// Writes `bytes` at `path`, or throws why it may not.
    func write(_ bytes: [UInt8], to path: String) throws(ImagingError) {
        try outputGuard.check(path)
        let folder = InputWalker.parentFolder(path)
        if createsFolders { try ImagingError.converting(try Folders.create(folder)) }
        try checkConfinement(folder)
        let sweep = sweptFolders.withLock { $0.insert(folder).inserted }
        if sweep { TemporaryFiles.sweep(folder: folder) }
        try ImagingError.converting(try AtomicFile.write(bytes, to: path))
    }

    /// Refuses a folder that a symlink leads outside the confinement.
    private func checkConfinement(_ folder: String) throws(ImagingError) {
        guard let root = confinement, let resolvedRoot = CatalogAccess.resolvedPath(root),
              let resolvedFolder = CatalogAccess.resolvedPath(folder) else { return }
        if resolvedFolder != resolvedRoot && !resolvedFolder.hasPrefix(resolvedRoot + "/") {
            throw .fileSystem("refusing to write through \(folder): a symbolic link leads outside \(root)")
        }
    }
}
