/// index.html: the library in brief, the same size however many months it
/// holds: its title and counts, its years (each linking its page), the
/// calendars of its latest months, the "On this day" links and the map of
/// its places.
struct IndexPage: PageRendering {
    /// The years with photos, oldest first.
    var years: [GalleryYear]
    /// The latest months with photos, newest first (`recentMonths(of:)`).
    var recentMonths: [GalleryMonth]
    /// The "On this day" pages to link (`OnThisDay.groups(of:)`).
    var onThisDay: [OnThisDay] = []
    /// How many files the problems page lists (none: no link).
    var problemCount = 0
    /// Photos shown with a warning, listed on the problems page too.
    var warningCount = 0
    /// The photos on the Undated page (none: no link).
    var undatedCount = 0
    /// Whether some photo has a position, so the library's map is drawn.
    var hasLibraryMap = false
    var options: GalleryOptions
    /// The covers' digests, shared with the other pages of the write.
    var digests = PhotoDigests()

    /// How many of the latest months the index shows as calendars.
    static let recentMonthCount = 3

    /// The latest `recentMonthCount` of `months` (oldest first), newest first.
    static func recentMonths(of months: [GalleryMonth]) -> [GalleryMonth] { Array(months.suffix(recentMonthCount).reversed()) }

    let path = GalleryPaths.index
    let mark = GalleryMark.page
    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "")

    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add(years.count)
        for year in years {
            fingerprint.add(year.year)
            fingerprint.add(year.count)
            fingerprint.add(year.dayCount)
        }
        fingerprint.add(recentMonths.count)
        for month in recentMonths { calendar(month).addInputs(to: &fingerprint) }
        fingerprint.add(onThisDay.count)
        for group in onThisDay {
            fingerprint.add(group.month)
            fingerprint.add(group.day)
            fingerprint.add(group.days.count)
        }
        fingerprint.add(problemCount)
        fingerprint.add(warningCount)
        fingerprint.add(undatedCount)
        fingerprint.add(hasLibraryMap)
        return fingerprint.key
    }

    var text: String {
        let count = years.reduce(ItemCount()) { $0 + $1.count }
        let dayCount = years.reduce(0) { $0 + $1.dayCount }
        var body = """
            <header class="site">
            <h1>\(HTMLEscaping.escape(options.title))</h1>
            <p class="summary">\(HTMLEscaping.escape(locale.itemCount(count) + " · " + locale.dayCount(dayCount)))\(problemLink)</p>
            </header>

            """
        if !years.isEmpty {
            body += "<nav class=\"years\" aria-label=\"\(HTMLEscaping.escape(locale.yearsLabel))\">\n<ul>\n"
            for year in years.reversed() {
                body += "<li><a href=\"\(links.url(year.path))\">\(HTMLEscaping.escape(locale.yearTitle(year.year)))</a>"
                    + " <span class=\"count\">\(HTMLEscaping.escape(locale.itemCount(year.count)))</span></li>\n"
            }
            body += "</ul>\n</nav>\n"
        }
        body += "<main id=\"main\">\n"
        if years.isEmpty { body += "<p>\(HTMLEscaping.escape(locale.noPhotos))</p>\n" }
        body += onThisDaySection + librarySection
        if !recentMonths.isEmpty {
            body += "<section class=\"recent-months\" aria-labelledby=\"recent-months\">\n"
                + "<h2 id=\"recent-months\">\(HTMLEscaping.escape(locale.recentMonthsHeading))</h2>\n"
            for month in recentMonths { body += calendar(month).html }
            body += "</section>\n"
        }
        body += "</main>"
        return PageShell(locale: locale, title: options.title, links: links).document(body: body)
    }

    private func calendar(_ month: GalleryMonth) -> CalendarTable {
        CalendarTable(month: month, caption: .linkedHeading("h3"), options: options, links: links, digests: digests)
    }

    /// " · 3 files not shown", linking the problems page, when there are any.
    private var problemLink: String {
        undatedLink + problemsPageLink
    }

    /// " · 3 undated", linking the Undated page, when there are any.
    private var undatedLink: String {
        guard undatedCount > 0 else { return "" }
        return " · <a href=\"\(links.url(GalleryPaths.undated))\">\(HTMLEscaping.escape(locale.undatedLink(undatedCount)))</a>"
    }

    private var problemsPageLink: String {
        guard problemCount + warningCount > 0 else { return "" }
        let text = locale.problemsLink(problemCount, warned: warningCount)
        return " · <a href=\"\(links.url(GalleryPaths.problems))\">\(HTMLEscaping.escape(text))</a>"
    }

    /// The map of the library's places, when some photo has a position.
    private var librarySection: String {
        guard hasLibraryMap else { return "" }
        let frame = MapDrawing.libraryFrame
        return """
            <section class="library-map" aria-labelledby="library-map">
            <h2 id="library-map">\(HTMLEscaping.escape(locale.mapHeading))</h2>
            <img src="\(links.url(GalleryPaths.libraryMap))" alt="\(HTMLEscaping.escape(locale.libraryMapDescription))" \
            width="\(Int(frame.width))" height="\(Int(frame.height))">
            </section>

            """
    }

    /// Links to the "On this day" pages, when some month-day has photos from several years.
    private var onThisDaySection: String {
        guard !onThisDay.isEmpty else { return "" }
        let items = onThisDay.map { group in
            "<li><a href=\"\(links.url(group.path))\">\(HTMLEscaping.escape(locale.monthDay(month: group.month, day: group.day)))</a>"
                + " <span class=\"count\">\(HTMLEscaping.escape(locale.yearCount(group.days.count)))</span></li>"
        }
        return "<section class=\"on-this-day\" aria-labelledby=\"on-this-day\">\n<h2 id=\"on-this-day\">"
            + "\(HTMLEscaping.escape(locale.onThisDayHeading))</h2>\n<ul>\n" + items.joined(separator: "\n") + "\n</ul>\n</section>\n"
    }
}
