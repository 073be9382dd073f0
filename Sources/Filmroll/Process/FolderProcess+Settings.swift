import Catalog
import Files

extension FolderProcess {
    /// Settles the basemap and hidden places (`FolderSettings`) once the run
    /// holds the folder's lock and its catalog: as given, remembered there;
    /// else as remembered. A shard reads the folder's catalog and remembers
    /// nothing; a run without a catalog (`catalog` nil) neither reads nor
    /// remembers. A remembered basemap that is gone is one warning.
    mutating func settle(catalog: Catalog?, opened: Catalog, catalogPath: String?,
                         events: @Sendable (ProcessEvent) -> Void) throws {
        var remembering = catalog
        if catalog != nil, options.shard != nil {
            let folderCatalog = catalogPath ?? Catalog.defaultPath(for: folder)
            remembering = FileBytes.exists(folderCatalog) ? try? Catalog(folder: folder, path: catalogPath, access: .read) : nil
        }
        do {
            if let gone = try FolderSettings.apply(settingChanges, folder: folder, catalog: remembering,
                                                   remembers: options.shard == nil, to: &options) {
                events(.warned(path: gone.path, warning: gone.warning))
            }
        } catch {
            throw CatalogError(error, catalog: opened)
        }
    }
}
