/// The frame every page shares: doctype, language, character set, viewport,
/// the gallery's mark (`GalleryMark.page`), title and stylesheet, a skip
/// link, then the page's own body.
struct PageShell {
    var locale: GalleryLocale
    var title: String
    var links: PageLinks

    /// The whole document around `body` (which should hold a `main` with id "main").
    func document(body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(HTMLEscaping.escape(locale.languageTag))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        \(GalleryMark.page.text)
        <title>\(HTMLEscaping.escape(title))</title>
        <link rel="stylesheet" href="\(links.url(GalleryPaths.stylesheet))">
        </head>
        <body>
        <a class="skip" href="#main">\(HTMLEscaping.escape(locale.skipToContent))</a>
        \(body)
        </body>
        </html>

        """
    }
}
