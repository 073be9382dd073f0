import Filmroll

extension CommandIO {
    /// Prints a note of the lineage recorder of `fourcut` and `gif`.
    func printLineageNote(_ note: LineageNote) {
        switch note {
        case let .readOnly(path, reason):
            printError("filmroll: note: the catalog \(displayPath(path)) cannot be written (\(reason)); outputs are not recorded in it")
        case .unreadable(let error):
            printError("filmroll: \(error)")
        }
    }

    /// Prints a note of the lineage recorder of `thumbs`.
    func printThumbnailLineageNote(_ note: LineageNote) {
        switch note {
        case let .readOnly(path, reason):
            printError("filmroll: note: \(displayPath(path)) cannot be written (\(reason)); thumbnails are not recorded in it")
        case .unreadable(let error):
            printError("filmroll: \(error)")
        }
    }
}
