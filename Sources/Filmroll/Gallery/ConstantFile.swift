/// The stylesheet or the script: text that is the same in every gallery,
/// so its key is made from the text itself (cheap: it is a constant).
struct ConstantFile: PageRendering {
    var path: String
    var text: String
    var mark: GalleryMark

    static let stylesheet = ConstantFile(path: GalleryPaths.stylesheet, text: GalleryStylesheet.css, mark: .stylesheet)
    static let script = ConstantFile(path: GalleryPaths.script, text: GalleryScript.source, mark: .script)

    var key: String { GalleryWriter.textKey(path: path, text: text) }
}
