import Catalog
import Imaging

/// Records a GIF in the catalog of the folder its frames came from.
struct GIFLineage {
    var catalogPath: String?

    func record(output: String, sources: [String], options: GIFOptions, io: CommandIO) {
        var unique: [String] = []
        for source in sources where !unique.contains(source) { unique.append(source) }
        let located = unique.map { CatalogAccess.enclosingFolder(of: $0) }
        guard let folder = located.first??.folder ?? (catalogPath != nil ? InputWalker.parentFolder(unique[0]) : nil),
              catalogPath != nil || located.allSatisfy({ $0?.folder == folder }),
              let catalog = try? Catalog(folder: folder, path: catalogPath, create: catalogPath != nil) else { return }
        let parameters = JSONValue.object([
            ("quality", .int(options.quality)), ("dither", .double(options.dither)), ("colors", .int(options.colors)),
            ("loop", options.loop.netscapeValue.map(JSONValue.int) ?? .null),
        ]).rendered
        do {
            try catalog.database.transaction {
                let ids = try unique.enumerated().map { index, photo in
                    try catalog.photoID(indexing: located[index]?.relativePath ?? InputWalker.lastComponent(photo))
                }
                try catalog.recordOutput(kind: .gif, path: AbsolutePath.of(output), parameters: parameters, sources: ids)
            }
        } catch {
            io.printError("filmroll: \(displayPath(catalog.path)): could not record the GIF: \(error)")
        }
    }
}
