import Catalog
import Files

extension FolderProcess {
    /// The clips under `out/clips` the catalog records as made, relative to
    /// `out`: those alone a sweep of the whole library may remove.
    func recordedClips(_ catalog: Catalog, out: String) throws -> Set<String> {
        let root = AbsolutePath.of(out)
        do {
            return Set(try catalog.ledger(kind: .video, below: root + "/clips").compactMap { entry in
                entry.path.hasPrefix(root + "/") ? String(entry.path.dropFirst(root.count + 1)) : nil
            })
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }
}
