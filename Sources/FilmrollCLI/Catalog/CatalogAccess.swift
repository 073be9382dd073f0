#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Catalog
import Imaging

/// How commands find and open a folder's catalog.
enum CatalogAccess {
    static let option = OptionSpec.value("catalog", "PATH", "The catalog file (default FOLDER/.filmroll/catalog.sqlite).")
    static let noCatalogOption = OptionSpec.flag("no-catalog", "Neither read nor record the folder's catalog.")

    /// Opens the catalog of `folder`: created with `.create`, read-only
    /// with `.read` (which works on read-only media).
    static func open(folder: String, path: String?, access: Catalog.Access) throws(CatalogError) -> Catalog {
        guard isFolder(folder) else { throw .notFound(folder) }
        return try Catalog(folder: folder, path: path, access: access)
    }

    /// What went wrong with the catalog of `folder`, as the user should read
    /// it: damage, a full disk or a read-only file system said so, with what to do.
    static func explain(_ error: any Error, folder: String, path: String?) -> String {
        CatalogError(error, path: path ?? Catalog.defaultPath(for: folder), folder: folder).description
    }

    /// The catalogued folder that holds `file`: the nearest parent with a
    /// `.filmroll/catalog.sqlite`, and `file`'s path relative to it.
    static func enclosingFolder(of file: String) -> (folder: String, relativePath: String)? {
        guard let absolute = resolvedPath(file) else { return nil }
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

    /// `path` with every symbolic link resolved, or nil when it does not exist.
    static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
