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
    /// A `caption` given replaces the photo's own.
    static func attributes(of photo: GalleryPhoto, links: PageLinks, locale: GalleryLocale, caption given: String? = nil) -> String {
        var sources = "\(links.url(photo.large)) \(photo.largeSize.width)w"
        if let preview = photo.preview, let size = photo.previewSize, size.width > photo.largeSize.width {
            sources += ", \(links.url(preview)) \(size.width)w"
        }
        var caption = given ?? locale.photoDescription(photo)
        if given == nil, let camera = photo.camera, !camera.isEmpty { caption += " · " + camera }
        var html = " data-view=\"\(links.url(photo.large))\" data-view-srcset=\"\(sources)\""
            + " data-view-width=\"\(photo.largeSize.width)\" data-view-height=\"\(photo.largeSize.height)\""
            + " data-view-id=\"\(HTMLEscaping.escape(DayPage.anchor(photo)))\" data-view-caption=\"\(HTMLEscaping.escape(caption))\""
        if let motion = photo.motion, let clip = motion.clip {
            html += " data-view-clip=\"\(links.url(clip))\" data-view-kind=\"\(motion.kind.rawValue)\""
        }
        return html
    }

    /// The data attributes of a calendar day's link (`CalendarTable`), which
    /// a click still follows to the day: its cover's view, captioned with the
    /// day and its count, the viewer's link naming the day. The month page's
    /// button (`monthButton`) opens the viewer on them.
    static func dayAttributes(of cover: GalleryPhoto, caption: String, links: PageLinks, locale: GalleryLocale) -> String {
        attributes(of: cover, links: links, locale: locale, caption: caption)
            + " data-view-open=\"button\" data-view-page-label=\"\(HTMLEscaping.escape(locale.viewerOpenDay))\""
    }

    /// The month page's button that opens the viewer on its days' covers,
    /// hidden until the script shows it (it does nothing without).
    static func monthButton(locale: GalleryLocale) -> String {
        "<p class=\"view-all\"><button type=\"button\" class=\"viewer-open\" hidden>"
            + "<span aria-hidden=\"true\">▶ </span>\(HTMLEscaping.escape(locale.viewerMonthButton))</button></p>"
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
