/// index.html: the library in brief, the same size however many months it
/// holds: its title and counts, its years (each linking its page), the
/// "On this day" links, its latest days as tiles of their covers (each
/// linking its day page), its latest months as cover tiles (each linking
/// its calendar, the month page) and the map of its places.
struct IndexPage: PageRendering {
    /// The years with photos, oldest first.
    var years: [GalleryYear]
    /// The latest months with photos, newest first (`recentMonths(of:)`).
    var recentMonths: [GalleryMonth]
    /// The latest days with photos, newest first (`recentDays(of:)`).
    var recentDays: [GalleryDay] = []
    /// The "On this day" pages to link (`OnThisDay.groups(of:)`).
    var onThisDay: [OnThisDay] = []
    /// How many files the problems page lists (none: no link).
    var problemCount = 0
    /// Photos shown with a warning, listed on the problems page too.
    var warningCount = 0
    /// The photos on the Undated page (none: no link).
    var undatedCount = 0
    /// The groups on the Similar photos page (none: no link).
    var similarCount = 0
    /// Whether some photo has a position, so the library's map is drawn.
    var hasLibraryMap = false
    /// The map's markers, listed beside it, each linking its days (`LibraryMapMarkers`).
    var mapMarkers: [LibraryMapMarker] = []
    /// The map's frame (`LibraryMapFile.layout`).
    var mapFrame = MapDrawing.libraryFrame
    /// The library's trips, oldest first (`Trips`).
    var trips: [Trip] = []
    var options: GalleryOptions
    /// The covers' digests, shared with the other pages of the write.
    var digests = PhotoDigests()

    /// How many of the latest months the index shows as tiles.
    static let recentMonthCount = 12
    /// How many of the latest days the index shows as tiles.
    static let recentDayCount = 12

    /// The latest `recentMonthCount` of `months` (oldest first), newest first.
    static func recentMonths(of months: [GalleryMonth]) -> [GalleryMonth] { Array(months.suffix(recentMonthCount).reversed()) }

    /// The latest `recentDayCount` of `days` (oldest first) that have a cover, newest first.
    static func recentDays(of days: [GalleryDay]) -> [GalleryDay] {
        Array(days.filter { !$0.photos.isEmpty }.suffix(recentDayCount).reversed())
    }

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
        fingerprint.add(recentDays.count)
        for day in recentDays {
            fingerprint.add(day.date)
            fingerprint.add(day.count)
            fingerprint.add(digests.of(day).first)
        }
        fingerprint.add(recentMonths.count)
        for month in recentMonths {
            fingerprint.add(month.year)
            fingerprint.add(month.month)
            fingerprint.add(month.count)
            fingerprint.add(month.days.first.flatMap { digests.of($0).first })
        }
        fingerprint.add(onThisDay.count)
        for group in onThisDay {
            fingerprint.add(group.month)
            fingerprint.add(group.day)
            fingerprint.add(group.days.count)
        }
        fingerprint.add(problemCount)
        fingerprint.add(warningCount)
        fingerprint.add(undatedCount)
        fingerprint.add(similarCount)
        fingerprint.add(hasLibraryMap)
        fingerprint.add("linked map 1")
        fingerprint.add(Int(mapFrame.width))
        fingerprint.add(Int(mapFrame.height))
        let markers = Self.listedMarkers(of: mapMarkers)
        fingerprint.add(markers.count)
        for marker in markers {
            fingerprint.add(marker.name(locale))
            fingerprint.add(marker.anchor)
            fingerprint.add(marker.days.count)
            for day in Self.listedDays(of: marker) { fingerprint.add(day) }
        }
        let trips = Self.listedTrips(of: trips)
        fingerprint.add(trips.count)
        for trip in trips {
            fingerprint.add(trip.title(locale))
            fingerprint.add(trip.days.count)
        }
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
        body += onThisDaySection
        body += recentDaysSection + recentMonthsSection + tripsSection + librarySection
        body += "</main>"
        return PageShell(locale: locale, title: options.title, links: links).document(body: body)
    }

    /// The latest days, each its cover, date and count, linking its day page.
    private var recentDaysSection: String {
        guard !recentDays.isEmpty else { return "" }
        let tiles = recentDays.compactMap { day -> String? in
            guard let cover = day.photos.first else { return nil }
            let count = locale.itemCount(day.count)
            return "<li><a href=\"\(links.url(GalleryPaths.dayPage(day.date)))\">\(coverImage(cover))"
                + "<span class=\"name\"><time datetime=\"\(day.date.iso)\">\(HTMLEscaping.escape(locale.dayTitle(day.date)))</time></span> "
                + "<span class=\"count\">\(HTMLEscaping.escape(count))</span></a></li>"
        }
        return "<section class=\"recent-days\" aria-labelledby=\"recent-days\">\n"
            + "<h2 id=\"recent-days\">\(HTMLEscaping.escape(locale.recentDaysHeading))</h2>\n"
            + "<ul class=\"day-tiles\">\n" + tiles.joined(separator: "\n") + "\n</ul>\n</section>\n"
    }

    /// The latest months, each its cover, name and count, linking its calendar (the month page).
    private var recentMonthsSection: String {
        guard let latest = recentMonths.first else { return "" }
        let tiles = recentMonths.compactMap { month -> String? in
            guard let cover = month.cover else { return nil }
            let count = locale.itemCount(month.count)
            let title = locale.monthTitle(year: month.year, month: month.month)
            return "<li><a href=\"\(links.url(month.path))\" aria-label=\"\(HTMLEscaping.escape(title + ", " + count))\">"
                + "<img src=\"\(links.url(cover.thumbnail))\" alt=\"\(HTMLEscaping.escape(locale.photoDescription(cover)))\" "
                + "width=\"\(cover.thumbnailSize.width)\" height=\"\(cover.thumbnailSize.height)\" loading=\"lazy\" decoding=\"async\">"
                + "<span class=\"name\">\(HTMLEscaping.escape(title))</span> "
                + "<span class=\"count\">\(HTMLEscaping.escape(count))</span></a></li>"
        }
        return "<section class=\"months\" aria-labelledby=\"recent-months\">\n"
            + "<h2 id=\"recent-months\">\(HTMLEscaping.escape(locale.recentMonthsHeading))</h2>\n"
            + "<ul class=\"month-tiles\">\n" + tiles.joined(separator: "\n") + "\n</ul>\n"
            + "<p class=\"calendar-link\"><a href=\"\(links.url(latest.path))\">"
            + "\(HTMLEscaping.escape(locale.calendarLink + ": " + locale.monthTitle(year: latest.year, month: latest.month)))</a></p>\n"
            + "</section>\n"
    }

    /// A day's cover as a square tile: the thumbnail, the large view on high-density screens.
    private func coverImage(_ cover: GalleryPhoto) -> String {
        var sources = ""
        let long = max(cover.thumbnailSize.width, cover.thumbnailSize.height)
        if max(cover.largeSize.width, cover.largeSize.height) > long, long > 0 {
            sources = " srcset=\"\(links.url(cover.thumbnail)) \(cover.thumbnailSize.width)w, \(links.url(cover.large)) \(cover.largeSize.width)w\""
                + " sizes=\"(max-width: 36rem) 44vw, 15rem\""
        }
        return "<img src=\"\(links.url(cover.thumbnail))\"\(sources) alt=\"\(HTMLEscaping.escape(locale.photoDescription(cover)))\" "
            + "width=\"\(cover.thumbnailSize.width)\" height=\"\(cover.thumbnailSize.height)\" decoding=\"async\">"
    }

    /// " · 3 files not shown", linking the problems page, when there are any.
    private var problemLink: String {
        undatedLink + similarLink + problemsPageLink
    }

    /// " · 4 similar groups", linking the Similar photos page, when there are any.
    private var similarLink: String {
        guard similarCount > 0 else { return "" }
        return " · <a href=\"\(links.url(GalleryPaths.similar))\">\(HTMLEscaping.escape(locale.similarLink(similarCount)))</a>"
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
        let frame = mapFrame
        return """
            <section class="library-map" aria-labelledby="library-map">
            <h2 id="library-map">\(HTMLEscaping.escape(locale.mapHeading))</h2>
            \(LinkedMapDrawing.object(source: links.url(GalleryPaths.libraryMap),
                                      description: HTMLEscaping.escape(locale.libraryMapDescription), frame: frame))
            \(placeList)</section>

            """
    }

    /// How many of the map's markers the list beside it names, the most visited first
    /// (the map links a marker past them to its latest day).
    static let listedPlaceCount = 40
    /// How many of a place's days it links, the latest first.
    static let listedDayCount = 8
    /// How many trips the index lists, the latest first.
    static let listedTripCount = 24

    static func listedMarkers(of markers: [LibraryMapMarker]) -> [LibraryMapMarker] { Array(markers.prefix(listedPlaceCount)) }

    /// The latest `listedDayCount` days of `marker`, newest first.
    static func listedDays(of marker: LibraryMapMarker) -> [DayDate] { Array(marker.days.suffix(listedDayCount).reversed()) }

    /// The latest `listedTripCount` trips, newest first.
    static func listedTrips(of trips: [Trip]) -> [Trip] { Array(trips.suffix(listedTripCount).reversed()) }

    /// The map's markers as a list, each its entry the marker links
    /// (`id`): its name links its latest day, followed by its day count and
    /// links to its latest days.
    private var placeList: String {
        let markers = Self.listedMarkers(of: mapMarkers)
        guard !markers.isEmpty else { return "" }
        let items = markers.map { marker in
            let days = Self.listedDays(of: marker)
            var item = "<li id=\"\(marker.anchor)\"><a href=\"\(links.url(GalleryPaths.dayPage(days[0])))\">\(HTMLEscaping.escape(marker.name(locale)))</a>"
                + " <span class=\"count\">\(HTMLEscaping.escape(locale.dayCount(marker.days.count)))</span>"
            if days.count > 1 {
                item += " <span class=\"place-days\">" + days.map { day in
                    "<a href=\"\(links.url(GalleryPaths.dayPage(day)))\">\(day.iso)</a>"
                }.joined(separator: " · ") + (marker.days.count > days.count ? " …" : "") + "</span>"
            }
            return item + "</li>"
        }
        return "<ul class=\"map-places\">\n" + items.joined(separator: "\n") + "\n</ul>\n"
    }

    /// The latest trips, each its title linking its page, and its day count.
    private var tripsSection: String {
        let trips = Self.listedTrips(of: trips)
        guard !trips.isEmpty else { return "" }
        let items = trips.map { trip in
            "<li><a href=\"\(links.url(trip.page))\">\(HTMLEscaping.escape(trip.title(locale)))</a>"
                + " <span class=\"count\">\(HTMLEscaping.escape(locale.dayCount(trip.days.count)))</span></li>"
        }
        return "<section class=\"trips\" aria-labelledby=\"trips\">\n<h2 id=\"trips\">\(HTMLEscaping.escape(locale.tripsHeading))</h2>\n"
            + "<ul>\n" + items.joined(separator: "\n") + "\n</ul>\n</section>\n"
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
