#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// Decides which files already at the gallery's paths (`index.html`,
/// `style.css`, `days/YYYY-MM-DD.html`, `months/YYYY-MM.html`…) a write may
/// replace, and which stale pages it may delete.
///
/// In the folder's own gallery, `FOLDER/.filmroll/gallery` (`ownsFolder`),
/// every file at those paths is Filmroll's: the folder is Filmroll's own,
/// and pages made before `GalleryMark` need no mark there. In a folder the
/// user chose (`process --out DIR`) only a file with the gallery's mark is
/// replaced or deleted: a page or stylesheet of the user's is refused,
/// unless `force`, and never deleted. A directory, FIFO, socket or device
/// at a page's path is refused always.
public struct GalleryFileGuard: Sendable, Hashable {
    /// The folder is Filmroll's own: every page and stylesheet in it is Filmroll's.
    public var ownsFolder: Bool
    /// Replace a page or stylesheet that Filmroll did not make (`--force`).
    public var force: Bool

    public init(ownsFolder: Bool = false, force: Bool = false) {
        self.ownsFolder = ownsFolder
        self.force = force
    }

    /// - Throws: `ImagingError.outputRefused` (its sentence not naming the
    ///   file), when the file at `path` may not be replaced by one marked `mark`.
    func check(_ path: String, mark: GalleryMark) throws(ImagingError) {
        guard try OutputGuard.regularFileExists(at: path) else { return }
        if ownsFolder || force || mark.isIn(path) { return }
        throw .outputRefused(OutputRefusal(path: path, .notMadeByFilmroll))
    }

    /// Whether the stale page or map open as `descriptor` may be deleted:
    /// in Filmroll's own folder, or when it carries the mark.
    func mayRemove(descriptor: Int32) -> Bool {
        ownsFolder || GalleryMark.page.isIn(descriptor: descriptor) || GalleryMark.svg.isIn(descriptor: descriptor)
    }
}
