/// on-this-day/MM-DD.html: the photos of one month-day in every year that
/// has some, newest year first, each year linking its day page and each
/// photo its page.
struct OnThisDayPage {
    var group: OnThisDay
    var options: GalleryOptions

    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "../")

    var html: String {
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
                \(day.photos.map(figure).joined(separator: "\n"))
                </ul>
                </section>

                """
        }
        body += "</main>"
        return PageShell(locale: locale, title: title + " · " + options.title, links: links).document(body: body)
    }

    private func figure(_ photo: GalleryPhoto) -> String {
        """
        <li><figure>
        <a href="\(links.url(photo.page ?? photo.large))"><img src="\(links.url(photo.thumbnail))" \
        alt="\(HTMLEscaping.escape(locale.photoDescription(photo)))" width="\(photo.thumbnailSize.width)" \
        height="\(photo.thumbnailSize.height)" loading="lazy" decoding="async"></a>
        </figure></li>
        """
    }
}
