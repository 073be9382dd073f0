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

    /// Opens the catalog of `folder`; creates it only when `create`.
    static func open(folder: String, path: String?, create: Bool) throws(CatalogError) -> Catalog {
        guard isFolder(folder) else { throw .notFound(folder) }
        return try Catalog(folder: folder, path: path, create: create)
    }

    /// The catalogued folder that holds `file`: the nearest parent with a
    /// `.filmroll/catalog.sqlite`, and `file`'s path relative to it.
    static func enclosingFolder(of file: String) -> (folder: String, relativePath: String)? {
        guard let resolved = realpath(file, nil) else { return nil }
        let absolute = String(cString: resolved)
        free(resolved)
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

    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
