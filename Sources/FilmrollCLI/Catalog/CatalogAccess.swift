import Filmroll

/// The catalog options commands share, and catalog errors as the user reads them.
enum CatalogAccess {
    static let option = OptionSpec.value("catalog", "PATH", "The catalog file (default FOLDER/.filmroll/catalog.sqlite).")
    static let noCatalogOption = OptionSpec.flag("no-catalog", "Neither read nor record the folder's catalog.")

    /// What went wrong with the catalog of `folder`, as the user should read
    /// it: damage, a full disk or a read-only file system said so, with what to do.
    static func explain(_ error: any Error, folder: String, path: String?) -> String {
        CatalogError(error, path: path ?? Catalog.defaultPath(for: folder), folder: folder).description
    }
}
