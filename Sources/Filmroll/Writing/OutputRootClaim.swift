import Catalog
import Files
import Imaging

/// Takes an output folder (`FOLDER/.filmroll/gallery`, an `--out DIR`) for
/// a catalog before anything is written there: a folder whose marker names
/// this catalog is its own; an unmarked one is marked, unless it already
/// holds a gallery this catalog has no record of (made by another folder's
/// `process` before folders were marked); a folder another catalog owns,
/// or inside another photo folder's `.filmroll`, is refused, `--force` or not.
enum OutputRootClaim {
    /// - Parameter marks: false for a catalog made for one run
    ///   (`--no-catalog`), which leaves no marker: it is nobody's to keep
    ///   (nor does a catalog opened read-only).
    /// - Throws: `ImagingError.outputRefused` (`.notOwned`) saying why.
    static func claim(_ root: String, for catalog: Catalog, marks: Bool = true) throws(ImagingError) {
        let root = AbsolutePath.of(root)
        var ownership = catalog.ownership(of: root)
        // A catalog for one run, or one read only, marks nothing: only another's folder is refused.
        let marks = marks && catalog.access != .read
        if ownership == .unmarked && marks {
            if holdsUnrecordedGallery(root, catalog: catalog) {
                throw refusal(root, "it holds a Filmroll gallery this catalog did not make")
            }
            ownership = catalog.markAsOurs(root)
            if ownership == .unmarked {
                throw refusal(root, "its marker \(OutputRootMarker.fileName) could not be written there")
            }
        }
        switch ownership {
        case .ours: return
        case .unmarked where !marks: return
        case .throughLink(let link): throw .outputRefused(OutputRefusal(path: link, .symbolicLink))
        default: if let reason = ownership.reason(for: root) { throw refusal(root, reason) }
        }
    }

    private static func refusal(_ root: String, _ reason: String) -> ImagingError {
        .outputRefused(OutputRefusal(path: root, .notOwned(reason)))
    }

    /// Whether `root` holds a gallery's `index.html` (it carries the
    /// gallery's mark) while this catalog recorded no output there.
    private static func holdsUnrecordedGallery(_ root: String, catalog: Catalog) -> Bool {
        GalleryMark.page.isIn(root + "/index.html") && !catalog.recordsOutputs(below: root)
    }
}
