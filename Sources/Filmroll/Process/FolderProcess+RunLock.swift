import Catalog
import Files

extension FolderProcess {
    /// Holds the run lock beside the catalog this run writes, waiting
    /// while another `process` holds it, so two runs on one folder never
    /// make the same outputs twice: the second starts when the first has
    /// finished, and finds only what is left.
    ///
    /// A shard takes no lock: the shards of one folder run side by side on
    /// purpose, each into its own catalog, each once per task of a job
    /// array (and `flock` across the hosts of a network file system is not
    /// to be relied on). Nor does a run with a temporary catalog
    /// (`--no-catalog`): it writes no catalog and leaves nothing in
    /// `.filmroll` but the gallery.
    /// - Returns: the lock (nil for a shard or without a catalog, or when cancelled while waiting).
    /// - Throws: `ImagingError` when the lock file cannot be made or locked.
    func takeRunLock(catalogPath: String?, cancellation: CancellationToken,
                     events: @Sendable (ProcessEvent) -> Void) throws -> RunLock? {
        guard options.keepsCatalog, options.shard == nil else { return nil }
        let path = Self.runLockPath(of: catalogPath ?? Catalog.defaultPath(for: folder))
        if let slash = path.lastIndex(of: "/") { try ImagingError.converting(try Folders.create(String(path[..<slash]))) }
        return try ImagingError.converting(try RunLock.take(
            at: path, waiting: { holder in events(.waiting(folder: folder, holder: holder)) },
            shouldStop: { cancellation.isCancelled }))
    }

    /// The run lock of the catalog at `catalogPath`: its name with `.lock`
    /// for `.sqlite` (`.filmroll/catalog.lock`).
    static func runLockPath(of catalogPath: String) -> String {
        (catalogPath.hasSuffix(".sqlite") ? String(catalogPath.dropLast(7)) : catalogPath) + ".lock"
    }
}
