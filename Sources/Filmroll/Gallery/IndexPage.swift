/// index.html: a calendar for each month that has photos, newest month
/// first; each day with photos shows its first photo and count, and links
/// to its day page.
struct IndexPage {
    /// In date order, one per date, none without photos.
    var days: [GalleryDay]
    /// The "On this day" pages to link (`OnThisDay.groups(of: days)`).
    var onThisDay: [OnThisDay] = []
    /// How many files the problems page lists (none: no link).
    var problemCount = 0
    var options: GalleryOptions

    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "")

    var html: String {
        let items = days.flatMap(\.photos)
        var body = """
            <header class="site">
            <h1>\(HTMLEscaping.escape(options.title))</h1>
            <p class="summary">\(HTMLEscaping.escape(locale.itemCount(items) + " · " + locale.dayCount(days.count)))\(problemLink)</p>
            </header>

            """
        let months = monthsNewestFirst
        if !months.isEmpty {
            body += "<nav class=\"months\" aria-label=\"\(HTMLEscaping.escape(locale.monthsLabel))\">\n<ul>\n"
            for month in months {
                let anchor = GalleryPaths.monthAnchor(year: month.year, month: month.month)
                body += "<li><a href=\"#\(anchor)\">\(HTMLEscaping.escape(locale.monthTitle(year: month.year, month: month.month)))</a></li>\n"
            }
            body += "</ul>\n</nav>\n"
        }
        body += "<main id=\"main\">\n"
        if months.isEmpty { body += "<p>\(HTMLEscaping.escape(locale.noPhotos))</p>\n" }
        body += onThisDaySection + librarySection
        // Year headings when the library spans years; each month's heading is then one level below.
        let spansYears = Set(months.map(\.year)).count > 1
        var year: Int?
        for month in months {
            if spansYears && month.year != year {
                year = month.year
                body += "<h2 class=\"year\" id=\"y-\(month.year)\">\(month.year)</h2>\n"
            }
            body += calendar(month, heading: spansYears ? "h3" : "h2")
        }
        body += "</main>"
        return PageShell(locale: locale, title: options.title, links: links).document(body: body)
    }

    /// " · 3 files not shown", linking the problems page, when there are any.
    private var problemLink: String {
        guard problemCount > 0 else { return "" }
        return " · <a href=\"\(links.url(GalleryPaths.problems))\">\(HTMLEscaping.escape(locale.problemsLink(problemCount)))</a>"
    }

    /// The map of the library's places, when some photo has a position.
    private var librarySection: String {
        guard days.contains(where: { !$0.route.isEmpty }) else { return "" }
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

    /// The months that have photos, newest first, each with its days by day of the month.
    private var monthsNewestFirst: [(year: Int, month: Int, days: [Int: GalleryDay])] {
        var months: [(year: Int, month: Int, days: [Int: GalleryDay])] = []
        for day in days.reversed() {
            if let last = months.last, last.year == day.date.year, last.month == day.date.month {
                months[months.count - 1].days[day.date.day] = day
            } else {
                months.append((day.date.year, day.date.month, [day.date.day: day]))
            }
        }
        return months
    }

    /// One month as a table: a caption, a header row of weekdays, a row per week.
    private func calendar(_ month: (year: Int, month: Int, days: [Int: GalleryDay]), heading: String) -> String {
        let grid = MonthGrid(year: month.year, month: month.month, weekStart: options.weekStart)
        let title = locale.monthTitle(year: month.year, month: month.month)
        let count = locale.itemCount(month.days.values.flatMap(\.photos))
        var html = """
            <table class="month" id="\(GalleryPaths.monthAnchor(year: month.year, month: month.month))">
            <caption><\(heading)>\(HTMLEscaping.escape(title))</\(heading)> <span class="count">\(HTMLEscaping.escape(count))</span></caption>
            <thead>
            <tr>
            """
        for weekday in grid.columns {
            html += "<th scope=\"col\"><abbr title=\"\(HTMLEscaping.escape(locale.weekdayName(weekday)))\">"
                + "\(HTMLEscaping.escape(locale.weekdayAbbreviation(weekday)))</abbr></th>"
        }
        html += "</tr>\n</thead>\n<tbody>\n"
        for week in grid.weeks {
            html += "<tr>\n"
            for slot in week { html += cell(slot, in: month.days) + "\n" }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// A day's cell: empty outside the month, the number alone without
    /// photos, else a link with the first photo and the count.
    private func cell(_ slot: Int?, in days: [Int: GalleryDay]) -> String {
        guard let number = slot else { return "<td class=\"outside\"></td>" }
        guard let day = days[number], let cover = day.photos.first else {
            return "<td><span class=\"number\">\(number)</span></td>"
        }
        let label = locale.dayTitle(day.date) + ", " + locale.itemCount(day.photos)
        return """
            <td class="has-photos"><a href="\(links.url(GalleryPaths.dayPage(day.date)))" \
            aria-label="\(HTMLEscaping.escape(label))"><span class="number">\(number)</span>\
            <img src="\(links.url(cover.thumbnail))" alt="\(HTMLEscaping.escape(locale.photoDescription(cover)))" \
            width="\(cover.thumbnailSize.width)" height="\(cover.thumbnailSize.height)" loading="lazy" decoding="async">\
            <span class="count">\(HTMLEscaping.escape(locale.itemCount(day.photos)))</span></a></td>
            """
    }
}
