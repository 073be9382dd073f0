/// months/YYYY-MM.html: one month's calendar, each day with photos showing
/// its first photo and count and linking its day page; links to the
/// previous and next months that have photos and up to the month's year.
/// A button opens the full-screen viewer on the days' covers, one a day;
/// a click on a day still opens its page.
struct MonthPage: PageRendering {
    var month: GalleryMonth
    /// The months with photos before and after this one.
    var previous: GalleryMonth?
    var next: GalleryMonth?
    var options: GalleryOptions
    /// The covers' digests, shared with the other pages of the write.
    var digests = PhotoDigests()

    var path: String { month.path }
    let mark = GalleryMark.page
    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "../")
    private var calendar: CalendarTable {
        CalendarTable(month: month, caption: .labelledBy("month-title"), options: options, links: links, digests: digests,
                      viewable: true)
    }

    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        for neighbour in [previous, next] {
            fingerprint.add(neighbour?.year)
            fingerprint.add(neighbour?.month)
        }
        calendar.addInputs(to: &fingerprint)
        return fingerprint.key
    }

    var text: String {
        let title = locale.monthTitle(year: month.year, month: month.month)
        let body = """
            <header class="site"><a href="\(links.url(GalleryPaths.index))">\(HTMLEscaping.escape(options.title))</a></header>
            \(navigation)
            <main id="main">
            <h1 id="month-title">\(HTMLEscaping.escape(title))</h1>
            <p class="summary">\(HTMLEscaping.escape(locale.itemCount(month.count) + " · " + locale.dayCount(month.days.count)))</p>
            \(GalleryViewerMarkup.monthButton(locale: locale))
            \(calendar.html)</main>
            \(GalleryViewerMarkup.template(locale: locale))
            <script src="\(links.url(GalleryPaths.script))"></script>
            """
        return PageShell(locale: locale, title: title + " · " + options.title, links: links).document(body: body)
    }

    /// Previous month, the year, next month.
    private var navigation: String {
        var items: [String] = []
        if let previous {
            items.append("<li class=\"previous\"><a rel=\"prev\" href=\"\(links.url(previous.path))\">"
                + "<span aria-hidden=\"true\">← </span><span class=\"visually-hidden\">"
                + "\(HTMLEscaping.escape(locale.previousMonthPrefix))</span>"
                + "\(HTMLEscaping.escape(locale.monthTitle(year: previous.year, month: previous.month)))</a></li>")
        }
        items.append("<li class=\"up\"><a href=\"\(links.url(GalleryPaths.yearPage(month.year)))\">"
            + "\(HTMLEscaping.escape(locale.yearTitle(month.year)))</a></li>")
        if let next {
            items.append("<li class=\"next\"><a rel=\"next\" href=\"\(links.url(next.path))\">"
                + "<span class=\"visually-hidden\">\(HTMLEscaping.escape(locale.nextMonthPrefix))</span>"
                + "\(HTMLEscaping.escape(locale.monthTitle(year: next.year, month: next.month)))"
                + "<span aria-hidden=\"true\"> →</span></a></li>")
        }
        return "<nav class=\"pager\" aria-label=\"\(HTMLEscaping.escape(locale.monthsLabel))\">\n<ul>\n"
            + items.joined(separator: "\n") + "\n</ul>\n</nav>"
    }
}
