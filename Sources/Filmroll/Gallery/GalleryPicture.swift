/// A photo's view as a page shows it, the one place its markup is made:
/// the large view (a JPEG, which every browser shows and scripts read) as
/// the `<img>`'s `src`, and, when the photo has a preview, both offered by
/// width through `srcset` so that a high-density screen takes the preview.
struct GalleryPicture {
    var photo: GalleryPhoto
    var links: PageLinks
    /// The `alt` text, unescaped.
    var alt: String

    var html: String {
        let size = photo.largeSize
        var sources = ""
        if let preview = photo.preview, let previewSize = photo.previewSize {
            // Shown at most as wide as the page and as 85 % of the window's height allows.
            let aspect = Double(size.width) / Double(max(1, size.height))
            sources = " srcset=\"\(links.url(photo.large)) \(size.width)w, \(links.url(preview)) \(previewSize.width)w\""
                + " sizes=\"min(100vw, 72rem, calc(85vh * \((aspect * 1000).rounded() / 1000)))\""
        }
        return "<img src=\"\(links.url(photo.large))\"\(sources) width=\"\(size.width)\" height=\"\(size.height)\" "
            + "alt=\"\(HTMLEscaping.escape(alt))\">"
    }
}
