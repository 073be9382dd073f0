import Catalog
import Files
import Imaging

extension FolderProcess {
    /// The groups the catalog keeps, as the Similar photos page lists them:
    /// each group's best first, then the others by path; a photo that is an
    /// item of the gallery with its tile and page, a folded copy or a
    /// burst's other frame by its path. Groups in the order of their best's
    /// capture time, then path.
    func similarGalleryGroups(catalog: Catalog, sharedStems: Set<String>?, out: String) throws -> [GallerySimilarGroup] {
        do {
            let members = try catalog.similarMembers()
            guard !members.isEmpty else { return [] }
            let records = Dictionary(try catalog.photos(ids: Set(members.map(\.photoID))).map { ($0.id, $0) }) { first, _ in first }
            let folded = Set(members.filter { $0.kind == SimilarGroup.Kind.copy.rawValue && $0.photoID != $0.leadID }.map(\.photoID))
            let stems = try sharedStems ?? ProcessPlan.sharedStems(try catalog.itemPaths())
            let root = AbsolutePath.of(out) + "/"
            func member(_ record: PhotoRecord) -> GallerySimilarGroup.Member {
                var shown = GallerySimilarGroup.Member(path: record.path)
                guard record.burstLeadID == nil, record.liveStillID == nil, !folded.contains(record.id), !record.isMissing,
                      record.error == nil else { return shown }
                let stem = ProcessPlan.stem(of: record.path, sharedStems: stems)
                let thumbnail = "thumbs/" + FittedFileName.of(stem, suffix: "_\(options.thumbnailSize).jpg")
                guard FileBytes.exists(root + thumbnail) else { return shown }
                shown.thumbnail = thumbnail
                shown.thumbnailSize = TargetSize.edge(options.thumbnailSize)
                    .resultSize(for: record.size ?? PixelSize(width: 1, height: 1))
                shown.page = ProcessPlan.page(of: record.path, sharedStems: stems)
                return shown
            }
            let grouped = Dictionary(grouping: members) { "\($0.kind) \($0.leadID)" }
            var groups: [(order: (String, String), group: GallerySimilarGroup)] = []
            for (_, group) in grouped {
                guard let first = group.first, let kind = SimilarGroup.Kind(rawValue: first.kind),
                      let best = records[first.leadID] else { continue }
                let others = group.filter { $0.photoID != first.leadID }.compactMap { records[$0.photoID] }.sorted { $0.path < $1.path }
                guard !others.isEmpty else { continue }
                groups.append(((best.takenAt ?? "", best.path),
                               GallerySimilarGroup(kind: kind, members: [member(best)] + others.map(member),
                                                   distance: group.map(\.distance).max() ?? 0)))
            }
            return groups.sorted { $0.order < $1.order }.map(\.group)
        } catch let error as DatabaseError {
            throw CatalogError(error, catalog: catalog)
        }
    }
}
