import Catalog
import Imaging

/// Records `thumbs`' outputs in the catalogs of the folders they came from,
/// and tells `thumbs` which outputs those catalogs already know.
struct ThumbnailLineage {
    var catalogPath: String?

    /// The catalog of `root`: `--catalog`, or the folder's own when it exists.
    func catalog(for root: String) -> Catalog? {
        if catalogPath == nil && !FileBytes.exists(Catalog.defaultPath(for: root)) { return nil }
        return try? Catalog(folder: root, path: catalogPath, create: catalogPath != nil)
    }

    /// Outputs already recorded in the catalogs of `roots`, by key.
    func knownOutputs(roots: Set<String>) -> [String: [String]] {
        var known: [String: [String]] = [:]
        for root in roots {
            guard let catalog = catalog(for: root), let paths = try? catalog.outputPathsByKey(kind: .thumbnail) else { continue }
            known.merge(paths) { $0 + $1 }
        }
        return known
    }

    /// Writes one output row per thumbnail, linked to its photo (indexed
    /// on the way when the catalog does not know it yet).
    func record(_ outputs: [ThumbnailReport.Made], plan: ThumbnailPlan, io: CommandIO) {
        for (root, group) in Dictionary(grouping: outputs, by: { $0.file.root }) {
            guard let catalog = catalog(for: root) else { continue }
            do {
                try catalog.database.transaction {
                    for output in group {
                        let photo = try catalog.photoID(indexing: output.file.relativePath)
                        try catalog.recordOutput(kind: .thumbnail, path: AbsolutePath.of(output.path), key: output.key,
                                                 parameters: parameters(plan, size: output.size), sources: [photo])
                    }
                }
            } catch {
                io.printError("filmroll: \(displayPath(catalog.path)): could not record thumbnails: \(error)")
            }
        }
    }

    private func parameters(_ plan: ThumbnailPlan, size: Int) -> String {
        JSONValue.object([
            ("size", .int(size)), ("fit", .string(plan.fit.rawValue)), ("upscale", .bool(plan.upscale)),
            ("format", .string(plan.format.rawValue)), ("quality", .int(plan.quality)),
            ("keepMetadata", .bool(plan.keepMetadata)),
        ]).rendered
    }
}
