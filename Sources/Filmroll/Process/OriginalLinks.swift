/// How the gallery's photo pages reach each original photo (`--originals`).
public enum OriginalLinks: String, Sendable, CaseIterable {
    /// A relative link from the page into the photo folder: it works
    /// wherever the gallery and the folder keep their places (the default
    /// gallery, FOLDER/.filmroll/gallery, is inside the folder).
    case link
    /// A copy of each photo in the gallery's `originals/` folder, which the
    /// page links: the gallery then travels without the photo folder.
    case copy
    /// No link: for a gallery copied away from the photos.
    case none
}
