/// What a page gives the full-screen viewer (`GalleryViewerScript`): on
/// each photo link, the view to show and its size, its clip and caption
/// (`attributes(of:links:locale:)`), and once per page the viewer's dialog
/// as an inert template with its words in the page's language. The links
/// keep pointing at the photo pages, which stay the fallback.
enum GalleryViewerMarkup {
    /// The data attributes of a photo's link: `data-view` (the large view),
    /// `data-view-srcset` (large and preview with their widths),
    /// `data-view-width`/`-height` (the large view's size), `data-view-id`
    /// (the name in the address, `#view=ID`), `data-view-caption`, and
    /// `data-view-clip`/`-kind` for a video, Live Photo or motion photo.
    static func attributes(of photo: GalleryPhoto, links: PageLinks, locale: GalleryLocale) -> String {
        var sources = "\(links.url(photo.large)) \(photo.largeSize.width)w"
        if let preview = photo.preview, let size = photo.previewSize, size.width > photo.largeSize.width {
            sources += ", \(links.url(preview)) \(size.width)w"
        }
        var caption = locale.photoDescription(photo)
        if let camera = photo.camera, !camera.isEmpty { caption += " · " + camera }
        var html = " data-view=\"\(links.url(photo.large))\" data-view-srcset=\"\(sources)\""
            + " data-view-width=\"\(photo.largeSize.width)\" data-view-height=\"\(photo.largeSize.height)\""
            + " data-view-id=\"\(HTMLEscaping.escape(DayPage.anchor(photo)))\" data-view-caption=\"\(HTMLEscaping.escape(caption))\""
        if let motion = photo.motion, let clip = motion.clip {
            html += " data-view-clip=\"\(links.url(clip))\" data-view-kind=\"\(motion.kind.rawValue)\""
        }
        return html
    }

    /// The viewer's dialog, which the script clones when a photo opens: a
    /// stage for the image (and clip), the caption, and buttons for the
    /// previous and next photos, the slideshow, the photo's page and closing.
    static func template(locale: GalleryLocale) -> String {
        func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
        return """
            <template id="viewer-template"><dialog class="viewer" aria-label="\(escape(locale.viewerLabel))" \
            data-play="\(escape(locale.viewerPlay))" data-pause="\(escape(locale.viewerPause))">
            <div class="viewer-stage" tabindex="-1"><div class="viewer-frame"></div></div>
            <div class="viewer-bar">
            <button type="button" class="viewer-previous" aria-label="\(escape(locale.viewerPrevious))"><span aria-hidden="true">←</span></button>
            <button type="button" class="viewer-play" aria-label="\(escape(locale.viewerPlay))"><span aria-hidden="true">▶</span></button>
            <button type="button" class="viewer-next" aria-label="\(escape(locale.viewerNext))"><span aria-hidden="true">→</span></button>
            <p class="viewer-caption" aria-live="polite"><span class="viewer-text"></span> <span class="viewer-count"></span></p>
            <a class="viewer-page">\(escape(locale.viewerDetails))</a>
            <button type="button" class="viewer-close" aria-label="\(escape(locale.viewerClose))"><span aria-hidden="true">✕</span></button>
            </div>
            </dialog></template>
            """
    }
}
