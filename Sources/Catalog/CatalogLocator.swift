#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// Finds and opens the catalog of a folder: the folder's own, or the one
/// of the nearest parent folder that has one.
public enum CatalogLocator {
    /// Opens the catalog of `folder` (at `path`, default
    /// `FOLDER/.filmroll/catalog.sqlite`): created with `.create`,
    /// read-only with `.read` (which works on read-only media).
    /// - Throws: `.notFound` when `folder` is not a folder; otherwise as `Catalog.init(folder:path:access:)`.
    public static func open(folder: String, path: String?, access: Catalog.Access) throws(CatalogError) -> Catalog {
        guard Folders.isFolder(folder) else { throw .notFound(folder) }
        return try Catalog(folder: folder, path: path, access: access)
    }

    /// The catalogued folder that holds `file`: the nearest parent with a
    /// `.filmroll/catalog.sqlite`, and `file`'s path relative to it.
    public static func enclosingFolder(of file: String) -> (folder: String, relativePath: String)? {
        guard let absolute = AbsolutePath.resolved(file) ?? resolvedInParent(file) else { return nil }
        var folder = absolute
        while let slash = folder.lastIndex(of: "/") {
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
            if access(Catalog.defaultPath(for: folder), F_OK) == 0 {
                let prefix = folder == "/" ? "/" : folder + "/"
                return (folder, String(absolute.dropFirst(prefix.count)))
            }
            if folder == "/" { break }
        }
        return nil
    }

    /// A file that is gone (a deleted photo the catalog still holds), by its folder's resolved path.
    private static func resolvedInParent(_ file: String) -> String? {
        let trimmed = file.hasSuffix("/") ? String(file.dropLast()) : file
        guard let slash = trimmed.lastIndex(of: "/") else { return AbsolutePath.resolved(".").map { $0 + "/" + trimmed } }
        let parent = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        let name = String(trimmed[trimmed.index(after: slash)...])
        guard !name.isEmpty, name != ".", name != "..", let folder = AbsolutePath.resolved(parent) else { return nil }
        return (folder == "/" ? "" : folder) + "/" + name
    }
}
