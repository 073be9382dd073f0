/// A file of the gallery that can say what it is made from before it is
/// rendered: `GalleryWriter` asks whether its key is current and renders
/// its text only when it is not.
protocol PageRendering {
    /// Where it goes, relative to the gallery folder.
    var path: String { get }
    /// The mark it carries (`GalleryMark`), which a later run looks for before replacing it.
    var mark: GalleryMark { get }
    /// Its recipe key: from its model (`PageFingerprint`), not from its text.
    var key: String { get }
    /// Its whole text; the same model always gives the same bytes.
    var text: String { get }
}
