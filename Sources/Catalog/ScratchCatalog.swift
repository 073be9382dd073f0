#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// A folder of its own under the temporary directory (`$TMPDIR`, else
/// `/tmp`) for a catalog kept one run only: for work that needs a catalog
/// to index into but must neither read nor write the folder's own
/// (`process --no-catalog`). `remove()` deletes it, journal files and all.
public struct ScratchCatalog: Sendable {
    /// The folder made for it.
    public let folder: String

    /// Makes the folder (mode 0700).
    /// - Throws: `CatalogError.notWritable` when it cannot be made.
    public init() throws(CatalogError) {
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        if base.isEmpty { base = "/tmp" }
        var template = Array((base + "/filmroll-catalog-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .notWritable(path: base, reason: String(cString: strerror(errno)))
        }
        folder = String(cString: made)
    }

    /// The catalog file's path.
    public var path: String { folder + "/catalog.sqlite" }

    /// Deletes the catalog and the files SQLite kept beside it, then the folder.
    public func remove() {
        for name in Folders.names(in: folder) { _ = unlink(folder + "/" + name) }
        _ = rmdir(folder)
    }
}
