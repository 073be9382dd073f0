import Catalog
import Imaging

/// Records an output made from several photos (a four-cut, a GIF) in the
/// catalog of the folder they are in: `--catalog`, or the nearest parent
/// with a catalog, when every photo is inside that folder.
///
/// The catalog is opened before the work (`prepare`), so a damaged or
/// too-new catalog stops the command before anything is written, unless
/// `--no-catalog`. A catalog on a read-only medium is left alone, and the
/// command says so once.
final class OutputLineage {
    let catalogPath: String?
    let enabled: Bool
    private var notedReadOnly = false

    init(catalogPath: String?, enabled: Bool = true) {
        self.catalogPath = catalogPath
        self.enabled = enabled
    }

    /// Where an output of `photos` will be recorded.
    struct Target {
        var catalog: Catalog
        /// Each distinct photo's path relative to the catalogued folder, in order.
        var relativePaths: [String]
    }

    /// The catalog that will record an output of `photos`, opened for
    /// writing; nil when none applies or it cannot be written.
    /// - Throws: `CatalogError` when the catalog exists but cannot be used.
    func prepare(photos: [String], io: CommandIO) throws(CatalogError) -> Target? {
        guard enabled else { return nil }
        var unique: [String] = []
        for photo in photos where !unique.contains(photo) { unique.append(photo) }
        guard let first = unique.first else { return nil }
        let located = unique.map { CatalogAccess.enclosingFolder(of: $0) }
        guard let folder = located.first??.folder ?? (catalogPath != nil ? InputWalker.parentFolder(first) : nil),
              catalogPath != nil || located.allSatisfy({ $0?.folder == folder }) else { return nil }
        let catalog: Catalog
        do throws(CatalogError) {
            catalog = try CatalogAccess.open(folder: folder, path: catalogPath, access: catalogPath != nil ? .create : .write)
        } catch {
            guard case .notWritable = error,
                  (try? CatalogAccess.open(folder: folder, path: catalogPath, access: .read)) != nil else { throw error }
            if !notedReadOnly {
                io.printError("filmroll: note: the catalog \(displayPath(catalogPath ?? Catalog.defaultPath(for: folder))) cannot be written (\(error.reason)); outputs are not recorded in it")
                notedReadOnly = true
            }
            return nil
        }
        let relativePaths = unique.enumerated().map { index, photo in
            located[index]?.relativePath ?? InputWalker.lastComponent(photo)
        }
        return Target(catalog: catalog, relativePaths: relativePaths)
    }

    /// Records `output` with its photos; prints why it could not and returns false then.
    func record(_ kind: OutputRecord.Kind, output: String, in target: Target?, parameters: JSONValue, io: CommandIO) -> Bool {
        guard let target else { return true }
        let catalog = target.catalog
        do {
            try catalog.database.transaction {
                let ids = try target.relativePaths.map { try catalog.photoID(indexing: $0) }
                try catalog.recordOutput(kind: kind, path: AbsolutePath.of(output), parameters: parameters.rendered, sources: ids)
            }
            return true
        } catch {
            io.printError("filmroll: could not record the \(kind.rawValue) \(displayPath(output)): \(CatalogError(error, catalog: catalog))")
            return false
        }
    }
}
