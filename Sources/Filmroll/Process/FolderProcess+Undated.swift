import Catalog
import Files
import Imaging

extension FolderProcess {
    /// The photos of the gallery's Undated page (`UndatedPage`): every item
    /// of the catalog with no date but its file's time, whose thumbnails are
    /// there, in order of their paths. A whole run takes them from its plan;
    /// a batched or scoped one from the catalog, named as the whole plan names them.
    func undatedGalleryPhotos(catalog: Catalog, plan: ProcessPlan, whole: Bool, sharedStems: Set<String>?,
                              out: String, notMade: Set<String>) throws -> [GalleryPhoto] {
        var photos = plan.photos.filter(\.record.isUndated)
        if !whole {
            do {
                let paths = try catalog.undatedItemPaths()
                guard !paths.isEmpty else { return [] }
                let records = try catalog.items(inDays: [], paths: Set(paths)).filter { !$0.isMissing && $0.error == nil }
                let stems = try sharedStems ?? ProcessPlan.sharedStems(catalog.itemPaths())
                photos = ProcessPlan(records: records, sharedStems: stems, folder: folder, options: options).photos
                    .filter(\.record.isUndated)
            } catch {
                throw CatalogError(error, catalog: catalog)
            }
        }
        let root = AbsolutePath.of(out) + "/"
        func isThere(_ path: String?) -> Bool { path.map { !notMade.contains(root + $0) && FileBytes.exists(root + $0) } ?? false }
        let toOriginals = options.originals == .link ? FolderLink.relative(from: out, to: folder) : nil
        return photos.filter { photo in
            [photo.thumbnail, photo.large].allSatisfy(isThere)
        }.sorted { naturalOrder($0.record.path, $1.record.path) }.map { photo in
            let record = photo.record
            let upright = record.size ?? PixelSize(width: 1, height: 1)
            var shown = GalleryPhoto(name: String(record.path.split(separator: "/").last ?? ""),
                                     thumbnail: photo.thumbnail, large: photo.large,
                                     thumbnailSize: TargetSize.edge(options.thumbnailSize).resultSize(for: upright),
                                     largeSize: TargetSize.edge(options.largeSize).resultSize(for: upright),
                                     camera: record.camera)
            shown.details.takenSource = .fileTime
            // A video or Live Photo plays in the viewer, as on a day page.
            shown.motion = ProcessPlan.motion(of: photo, toOriginals: toOriginals, isThere: isThere)
            return shown
        }
    }
}
