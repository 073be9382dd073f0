/// One month as a table, as the index and the month pages show it: a
/// header row of weekdays and a row per week; each day with photos shows
/// its first photo and its count, and links its day page.
struct CalendarTable {
    /// How the table is named.
    enum Caption {
        /// A caption with the month as a heading of this level ("h3"), linking the month's page, and its count.
        case linkedHeading(String)
        /// No caption: the element with this id (the page's h1) names the table.
        case labelledBy(String)
    }

    var month: GalleryMonth
    var caption: Caption
    var options: GalleryOptions
    var links: PageLinks
    /// The covers' digests, shared with the other pages of the write.
    var digests = PhotoDigests()
    /// Whether each day's link carries its cover's view for the full-screen
    /// viewer (`GalleryViewerMarkup.dayAttributes`): on the month pages.
    var viewable = false

    private var locale: GalleryLocale { options.locale }

    var html: String {
        let grid = MonthGrid(year: month.year, month: month.month, weekStart: options.weekStart)
        let id = GalleryPaths.monthAnchor(year: month.year, month: month.month)
        var html: String
        switch caption {
        case .linkedHeading(let heading):
            let title = locale.monthTitle(year: month.year, month: month.month)
            html = """
                <table class="month" id="\(id)">
                <caption><\(heading)><a href="\(links.url(month.path))">\(HTMLEscaping.escape(title))</a></\(heading)> \
                <span class="count">\(HTMLEscaping.escape(locale.itemCount(month.count)))</span></caption>

                """
        case .labelledBy(let label):
            html = "<table class=\"month\" id=\"\(id)\" aria-labelledby=\"\(label)\">\n"
        }
        html += "<thead>\n<tr>"
        for weekday in grid.columns {
            html += "<th scope=\"col\"><abbr title=\"\(HTMLEscaping.escape(locale.weekdayName(weekday)))\">"
                + "\(HTMLEscaping.escape(locale.weekdayAbbreviation(weekday)))</abbr></th>"
        }
        html += "</tr>\n</thead>\n<tbody>\n"
        var byNumber: [Int: GalleryDay] = [:]
        for day in month.days { byNumber[day.date.day] = day }
        for week in grid.weeks {
            html += "<tr>\n"
            for slot in week { html += cell(slot, in: byNumber) + "\n" }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// What the table shows: each day's date, count and cover (and the caption's kind).
    func addInputs(to fingerprint: inout PageFingerprint) {
        switch caption {
        case .linkedHeading(let heading): fingerprint.add("heading " + heading)
        case .labelledBy(let label): fingerprint.add("label " + label)
        }
        if viewable { fingerprint.add("viewable") }
        fingerprint.add(month.year)
        fingerprint.add(month.month)
        fingerprint.add(month.count)
        fingerprint.add(month.days.count)
        for day in month.days {
            fingerprint.add(day.date)
            fingerprint.add(day.count)
            fingerprint.add(digests.of(day).first)
            if viewable, let cover = day.photos.first { fingerprint.add(cover.page) }
        }
    }

    /// A day's cell: empty outside the month, the number alone without
    /// photos, else a link with the first photo and the count.
    private func cell(_ slot: Int?, in days: [Int: GalleryDay]) -> String {
        guard let number = slot else { return "<td class=\"outside\"></td>" }
        guard let day = days[number], let cover = day.photos.first else {
            return "<td><span class=\"number\">\(number)</span></td>"
        }
        let count = locale.itemCount(day.count)
        let guess = GuessedDateMark(photo: cover, locale: locale)
        let label = locale.dayTitle(day.date) + ", " + count + (guess.note.map { " (\($0))" } ?? "")
        let view = viewable ? GalleryViewerMarkup.dayAttributes(of: cover, caption: label, links: links, locale: locale) : ""
        return """
            <td class="has-photos"><a href="\(links.url(GalleryPaths.dayPage(day.date)))" \
            aria-label="\(HTMLEscaping.escape(label))"\(view)><span class="number">\(number)\(guess.symbol)</span>\
            <img src="\(links.url(cover.thumbnail))" alt="\(HTMLEscaping.escape(locale.photoDescription(cover)))" \
            width="\(cover.thumbnailSize.width)" height="\(cover.thumbnailSize.height)" loading="lazy" decoding="async">\
            <span class="count">\(HTMLEscaping.escape(count))</span></a></td>
            """
    }
}
