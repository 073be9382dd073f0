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
        openBasemap(events: events)
    }

    /// Opens the settled basemap for the day maps (`GalleryOptions.basemap`);
    /// one that cannot be read is one warning naming it, and the maps are
    /// drawn without it.
    mutating func openBasemap(events: @Sendable (ProcessEvent) -> Void) {
        options.gallery.basemap = nil
        guard let path = options.basemapPath else { return }
        do {
            options.gallery.basemap = GalleryBasemap(try Basemap.open(path: path))
        } catch {
            events(.warned(path: path, warning: "the basemap cannot be read (\(error.reason)): maps drawn without it"))
        }
    }

    /// After the gallery is written: the basemap's first failure while
    /// drawing, and how many of its tiles were left out, as one warning.
    func reportBasemapTrouble(events: @Sendable (ProcessEvent) -> Void) {
        guard let basemap = options.gallery.basemap else { return }
        if let failure = basemap.failure {
            events(.warned(path: basemap.path, warning: "\(failure.reason): maps drawn without the basemap where it failed"))
        } else if basemap.skippedTiles > 0 {
            let count = basemap.skippedTiles
            events(.warned(path: basemap.path, warning: "\(count) tile\(count == 1 ? "" : "s") could not be read and \(count == 1 ? "was" : "were") left out of the maps"))
        }
    }
}
