import Files

/// Output paths as the catalog keeps them: relative to the catalogued
/// folder when they lie inside it (`.filmroll/gallery/thumbs/IMG_0001_256.jpg`),
/// absolute otherwise (an `--out` folder elsewhere). A folder moved or
/// restored with its `.filmroll` finds its outputs where it lands, and a
/// row never points into whatever now lives at the folder's old place.
///
/// The catalog's functions take and give absolute paths; this is the one
/// place that turns them into the stored form and back.
public struct OutputPathCodec: Sendable, Hashable {
    /// The catalogued folder, absolute, with a trailing `/`.
    public let folderPrefix: String
    /// False for a catalog read as it is from before schema version 10,
    /// which holds every path absolute.
    public let storesRelative: Bool

    public init(folder: String, storesRelative: Bool = true) {
        let absolute = AbsolutePath.of(folder)
        folderPrefix = absolute == "/" ? "/" : absolute + "/"
        self.storesRelative = storesRelative
    }

    /// The stored form of the absolute `path`.
    public func stored(_ path: String) -> String {
        guard storesRelative else { return path }
        // Compared as bytes: two spellings of one name (NFC, NFD) are two paths.
        let prefix = folderPrefix.utf8
        guard path.utf8.count > prefix.count, path.utf8.starts(with: prefix) else { return path }
        return String(decoding: path.utf8.dropFirst(prefix.count), as: UTF8.self)
    }

    /// The absolute path of a stored one.
    public func absolute(_ stored: String) -> String {
        stored.utf8.first == UInt8(ascii: "/") ? stored : folderPrefix + stored
    }

    /// The stored prefix of every path below the folder `root` (absolute):
    /// "" for the catalogued folder itself.
    func storedPrefix(below root: String) -> String {
        root + "/" == folderPrefix ? "" : stored(root) + "/"
    }
}
