/// on-this-day/MM-DD.html: the photos of one month-day in every year that
/// has some, newest year first, each year linking its day page and each
/// photo its page; a day of many photos shows its first `photosPerYear`
/// and links its day page for the rest.
struct OnThisDayPage: PageRendering {
    var group: OnThisDay
    var options: GalleryOptions
    /// Its photos' digests, shared with the other pages of the write.
    var digests = PhotoDigests()

    /// The most photos shown of one year's day.
    static let photosPerYear = 30

    var path: String { group.path }
    let mark = GalleryMark.page
    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "../")

    /// From each year's day: its date, its count and the photos shown.
    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add(group.month)
        fingerprint.add(group.day)
        fingerprint.add(group.days.count)
        for day in group.days {
            fingerprint.add(day.date)
            fingerprint.add(day.count)
            let shown = digests.of(day).prefix(Self.photosPerYear)
            fingerprint.add(shown.count)
            for photo in shown { fingerprint.add(photo) }
        }
        return fingerprint.key
    }

    var text: String {
        let title = locale.onThisDayTitle(month: group.month, day: group.day)
        var body = """
            <header class="site"><a href="\(links.url(GalleryPaths.index))">\(HTMLEscaping.escape(options.title))</a></header>
            <main id="main">
            <h1>\(HTMLEscaping.escape(title))</h1>
            <p class="summary">\(HTMLEscaping.escape(locale.yearCount(group.days.count)))</p>

            """
        for day in group.days {
            let id = "y-\(day.date.year)"
            body += """
                <section aria-labelledby="\(id)">
                <h2 id="\(id)"><a href="\(links.url(GalleryPaths.dayPage(day.date)))">\(day.date.year)</a> \
                <span class="count">\(HTMLEscaping.escape(locale.itemCount(day.photos)))</span></h2>
                <ul class="photos">
                \(day.photos.prefix(Self.photosPerYear).map(figure).joined(separator: "\n"))
                </ul>
                \(more(day))</section>

                """
        }
        body += "</main>\n" + GalleryViewerMarkup.template(locale: locale)
            + "\n<script src=\"\(links.url(GalleryPaths.script))\"></script>"
        return PageShell(locale: locale, title: title + " · " + options.title, links: links).document(body: body)
    }

    /// A link to the day's page for the photos not shown, when there are some.
    private func more(_ day: GalleryDay) -> String {
        let hidden = day.photos.count - Self.photosPerYear
        guard hidden > 0 else { return "" }
        return "<p class=\"more\"><a href=\"\(links.url(GalleryPaths.dayPage(day.date)))\">"
            + "\(HTMLEscaping.escape(locale.morePhotos(hidden)))</a></p>\n"
    }

    private func figure(_ photo: GalleryPhoto) -> String {
        """
        <li><figure>
        <a href="\(links.url(photo.page ?? photo.large))"\(GalleryViewerMarkup.attributes(of: photo, links: links, locale: locale))>\
        <img src="\(links.url(photo.thumbnail))" \
        alt="\(HTMLEscaping.escape(locale.photoDescription(photo)))" width="\(photo.thumbnailSize.width)" \
        height="\(photo.thumbnailSize.height)" loading="lazy" decoding="async">\(DayPage.badge(photo, locale: locale))</a>
        </figure></li>
        """
    }
}
