import Catalog
import Imaging

/// Records an output made from several photos (a four-cut, a GIF) in the
/// catalog of the folder they are in: `--catalog`, or the nearest parent
/// with a catalog, when every photo is inside that folder.
struct OutputLineage {
    var catalogPath: String?

    func record(_ kind: OutputRecord.Kind, output: String, photos: [String], parameters: JSONValue, io: CommandIO) {
        var unique: [String] = []
        for photo in photos where !unique.contains(photo) { unique.append(photo) }
        guard let first = unique.first else { return }
        let located = unique.map { CatalogAccess.enclosingFolder(of: $0) }
        guard let folder = located.first??.folder ?? (catalogPath != nil ? InputWalker.parentFolder(first) : nil),
              catalogPath != nil || located.allSatisfy({ $0?.folder == folder }),
              let catalog = try? Catalog(folder: folder, path: catalogPath, create: catalogPath != nil) else { return }
        do {
            try catalog.database.transaction {
                let ids = try unique.enumerated().map { index, photo in
                    try catalog.photoID(indexing: located[index]?.relativePath ?? InputWalker.lastComponent(photo))
                }
                try catalog.recordOutput(kind: kind, path: AbsolutePath.of(output), parameters: parameters.rendered, sources: ids)
            }
        } catch {
            io.printError("filmroll: \(displayPath(catalog.path)): could not record the \(kind.rawValue): \(error)")
        }
    }
}
