import Imaging

/// Folders Filmroll writes into below a folder of its own (the folder's
/// `.filmroll`, an output folder), checked to be no symbolic links: a
/// `gallery/thumbs` replaced by a link to somebody's folder is refused
/// rather than written through.
enum LinkFreeFolders {
    /// Checks every folder below `anchor` down to `folder` (those that
    /// exist); nothing when `folder` is not below `anchor`.
    /// - Throws: `ImagingError.outputRefused` naming the first that is a link.
    static func check(_ folder: String, below anchor: String) throws(ImagingError) {
        guard let below = try? ConfinedPath(AbsolutePath.of(folder), root: AbsolutePath.of(anchor)),
              let link = Folders.firstSymbolicLink(from: below.root, down: below.components) else { return }
        throw .outputRefused(OutputRefusal(path: link, .symbolicLink))
    }

    /// The folder to check `out` from: the photo folder's `.filmroll` when
    /// `out` lies in it (so `gallery` itself is checked), else `out`.
    static func anchor(of out: String, photoFolder: String) -> String {
        let filmroll = AbsolutePath.of(photoFolder) + "/.filmroll"
        return (try? ConfinedPath(AbsolutePath.of(out), root: filmroll)) != nil ? filmroll : out
    }
}
