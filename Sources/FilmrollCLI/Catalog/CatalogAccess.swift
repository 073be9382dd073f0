import Filmroll

/// Catalog errors as the user reads them (the options are `CatalogOptions`).
enum CatalogAccess {
    /// What went wrong with the catalog of `folder`, as the user should read
    /// it: damage, a full disk or a read-only file system said so, with what to do.
    static func explain(_ error: any Error, folder: String, path: String?) -> String {
        CatalogError(error, path: path ?? Catalog.defaultPath(for: folder), folder: folder).description
    }
}
