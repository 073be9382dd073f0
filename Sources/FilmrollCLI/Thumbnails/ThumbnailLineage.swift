import Catalog
import Imaging

/// Records `thumbs`' outputs in the catalogs of the folders they came
/// from, and tells `thumbs` which outputs those catalogs already know.
///
/// A catalog that cannot be used (damaged, made by a newer Filmroll,
/// unreadable) stops the run before anything is made, unless
/// `--no-catalog`. One on a read-only medium is read but not written,
/// and the run says so.
final class ThumbnailLineage {
    let catalogPath: String?
    private var catalogs: [String: Catalog] = [:]
    private var readOnly: Set<String> = []

    init(catalogPath: String?) {
        self.catalogPath = catalogPath
    }

    /// Opens the catalog of each root (`--catalog`, or the folder's own
    /// when it has one). Prints why a catalog cannot be used and returns
    /// false when the run must stop.
    func open(roots: Set<String>, io: CommandIO) -> Bool {
        for root in roots.sorted() {
            if catalogPath == nil && !FileBytes.exists(Catalog.defaultPath(for: root)) { continue }
            do throws(CatalogError) {
                catalogs[root] = try CatalogAccess.open(folder: root, path: catalogPath, access: catalogPath != nil ? .create : .write)
            } catch {
                guard case .notWritable = error,
                      let catalog = try? CatalogAccess.open(folder: root, path: catalogPath, access: .read) else {
                    io.printError("filmroll: \(error); or add --no-catalog to go on without it")
                    return false
                }
                catalogs[root] = catalog
                readOnly.insert(root)
                io.printError("filmroll: note: \(displayPath(catalog.path)) cannot be written (\(error.reason)); "
                              + "thumbnails are not recorded in it")
            }
        }
        return true
    }

    /// Outputs the open catalogs know, by key.
    func knownOutputs(io: CommandIO) -> [String: [String]] {
        var known: [String: [String]] = [:]
        for catalog in catalogs.values {
            do {
                known.merge(try catalog.outputPathsByKey(kind: .thumbnail)) { $0 + $1 }
            } catch {
                io.printError("filmroll: \(CatalogError(error, catalog: catalog))")
            }
        }
        return known
    }

    /// Writes one output row per thumbnail, linked to its photo (indexed
    /// on the way when the catalog does not know it yet). Prints why a
    /// catalog could not be written and returns false then.
    func record(_ outputs: [ThumbnailReport.Made], plan: ThumbnailPlan, io: CommandIO) -> Bool {
        var recorded = true
        for (root, group) in Dictionary(grouping: outputs, by: { $0.file.root }) {
            guard let catalog = catalogs[root], !readOnly.contains(root) else { continue }
            do {
                try catalog.database.transaction {
                    for output in group {
                        let photo = try catalog.photoID(indexing: output.file.relativePath)
                        try catalog.recordOutput(kind: .thumbnail, path: AbsolutePath.of(output.path), key: output.key,
                                                 parameters: parameters(plan, size: output.size), sources: [photo])
                    }
                }
            } catch {
                io.printError("filmroll: could not record thumbnails: \(CatalogError(error, catalog: catalog))")
                recorded = false
            }
        }
        return recorded
    }

    private func parameters(_ plan: ThumbnailPlan, size: Int) -> String {
        JSONValue.object([
            ("size", .int(size)), ("fit", .string(plan.fit.rawValue)), ("upscale", .bool(plan.upscale)),
            ("format", .string(plan.format.rawValue)), ("quality", .int(plan.quality)),
            ("keepMetadata", .bool(plan.keepMetadata)),
        ]).rendered
    }
}
