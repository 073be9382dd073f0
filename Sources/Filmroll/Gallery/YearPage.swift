/// years/YYYY.html: one year's twelve months as tiles, each month with
/// photos showing its cover and count and linking its page; links to the
/// previous and next years that have photos and up to the index.
struct YearPage: PageRendering {
    var year: GalleryYear
    /// The years with photos before and after this one.
    var previous: Int?
    var next: Int?
    var options: GalleryOptions
    /// The covers' digests, shared with the other pages of the write.
    var digests = PhotoDigests()

    var path: String { year.path }
    let mark = GalleryMark.page
    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "../")

    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add(year.year)
        fingerprint.add(previous)
        fingerprint.add(next)
        fingerprint.add(year.count)
        fingerprint.add(year.dayCount)
        fingerprint.add(year.months.count)
        for month in year.months {
            fingerprint.add(month.month)
            fingerprint.add(month.count)
            fingerprint.add(month.days.first.flatMap { digests.of($0).first })
        }
        return fingerprint.key
    }

    var text: String {
        let title = locale.yearTitle(year.year)
        var byNumber: [Int: GalleryMonth] = [:]
        for month in year.months { byNumber[month.month] = month }
        let body = """
            <header class="site"><a href="\(links.url(GalleryPaths.index))">\(HTMLEscaping.escape(options.title))</a></header>
            \(navigation)
            <main id="main">
            <h1>\(HTMLEscaping.escape(title))</h1>
            <p class="summary">\(HTMLEscaping.escape(locale.itemCount(year.count) + " · " + locale.dayCount(year.dayCount)))</p>
            <ul class="month-tiles">
            \((1...12).map { tile($0, byNumber[$0]) }.joined(separator: "\n"))
            </ul>
            </main>
            <script src="\(links.url(GalleryPaths.script))"></script>
            """
        return PageShell(locale: locale, title: title + " · " + options.title, links: links).document(body: body)
    }

    /// A month with photos: its cover, name and count, linking its page; else its name alone.
    private func tile(_ number: Int, _ month: GalleryMonth?) -> String {
        let name = HTMLEscaping.escape(locale.monthName(number))
        guard let month, let cover = month.cover else {
            return "<li class=\"empty\"><span class=\"name\">\(name)</span> "
                + "<span class=\"count\">\(HTMLEscaping.escape(locale.noPhotosThisMonth))</span></li>"
        }
        let count = locale.itemCount(month.count)
        let label = locale.monthTitle(year: month.year, month: month.month) + ", " + count
        return """
            <li><a href="\(links.url(month.path))" aria-label="\(HTMLEscaping.escape(label))">\
            <img src="\(links.url(cover.thumbnail))" alt="\(HTMLEscaping.escape(locale.photoDescription(cover)))" \
            width="\(cover.thumbnailSize.width)" height="\(cover.thumbnailSize.height)" loading="lazy" decoding="async">\
            <span class="name">\(name)</span> <span class="count">\(HTMLEscaping.escape(count))</span></a></li>
            """
    }

    /// Previous year, all years (the index), next year.
    private var navigation: String {
        var items: [String] = []
        if let previous {
            items.append("<li class=\"previous\"><a rel=\"prev\" href=\"\(links.url(GalleryPaths.yearPage(previous)))\">"
                + "<span aria-hidden=\"true\">← </span><span class=\"visually-hidden\">"
                + "\(HTMLEscaping.escape(locale.previousYearPrefix))</span>\(HTMLEscaping.escape(locale.yearTitle(previous)))</a></li>")
        }
        items.append("<li class=\"up\"><a href=\"\(links.url(GalleryPaths.index))\">\(HTMLEscaping.escape(locale.allYears))</a></li>")
        if let next {
            items.append("<li class=\"next\"><a rel=\"next\" href=\"\(links.url(GalleryPaths.yearPage(next)))\">"
                + "<span class=\"visually-hidden\">\(HTMLEscaping.escape(locale.nextYearPrefix))</span>"
                + "\(HTMLEscaping.escape(locale.yearTitle(next)))<span aria-hidden=\"true\"> →</span></a></li>")
        }
        return "<nav class=\"pager\" aria-label=\"\(HTMLEscaping.escape(locale.yearsLabel))\">\n<ul>\n"
            + items.joined(separator: "\n") + "\n</ul>\n</nav>"
    }
}
