import Catalog
import Files
import Imaging

extension FolderProcess {
    /// The photos of the gallery's Undated page (`UndatedPage`): every item
    /// of the catalog with no date but its file's time, whose thumbnails are
    /// there, in order of their paths, each with the details and page a
    /// dated photo has (`ProcessPlan.galleryPhoto`) but no time taken. A
    /// whole run takes them from its plan; a batched or scoped one from the
    /// catalog, named as the whole plan names them. With `--originals copy`
    /// their originals are copied by `copyOriginals`, which returns those in place.
    func undatedGalleryPhotos(catalog: Catalog, plan: ProcessPlan, whole: Bool, sharedStems: Set<String>?,
                              out: String, notMade: Set<String>,
                              copyOriginals: (ProcessPlan) -> Set<String>) throws -> [GalleryPhoto] {
        var undated = plan
        undated.photos = plan.photos.filter(\.record.isUndated)
        if !whole {
            do {
                let paths = try catalog.undatedItemPaths()
                guard !paths.isEmpty else { return [] }
                let records = try catalog.items(inDays: [], paths: Set(paths)).filter { !$0.isMissing && $0.error == nil }
                let stems = try sharedStems ?? ProcessPlan.sharedStems(catalog.itemPaths())
                undated = ProcessPlan(records: records, liveVideos: try catalog.livePhotoVideos(),
                                      burstFrames: try catalog.burstFrames(), similar: try SimilarLinks.read(catalog), sharedStems: stems, folder: folder,
                                      options: options)
                undated.photos = undated.photos.filter(\.record.isUndated)
            } catch {
                throw CatalogError(error, catalog: catalog)
            }
        }
        let root = AbsolutePath.of(out) + "/"
        func isThere(_ path: String?) -> Bool { path.map { !notMade.contains(root + $0) && FileBytes.exists(root + $0) } ?? false }
        undated.photos = undated.photos.filter { [$0.thumbnail, $0.large].allSatisfy(isThere) }
            .sorted { naturalOrder($0.record.path, $1.record.path) }
        let copied = copyOriginals(undated)
        // (with copies, for a photo of a hidden place, which is not copied)
        let toOriginals = options.originals != .none ? FolderLink.relative(from: out, to: folder) : nil
        return undated.photos.map { photo in
            var shown = ProcessPlan.galleryPhoto(photo, options: options, toOriginals: toOriginals, copiedOriginals: copied,
                                                 isThere: isThere)
            // The file's time is when it was copied or saved, not when it was taken.
            shown.taken = nil
            shown.details.takenSource = .fileTime
            return shown
        }
    }
}
