/// trips/YYYY-MM-DD.html: a trip (`Trips`), named after its place and dates:
/// its map (`TripMapFile`, an `<object>` so that its day badges link) and
/// its days, numbered as on the map, each linking its page.
struct TripPage: PageRendering {
    var trip: Trip
    /// The trip's days, in date order.
    var days: [GalleryDay]
    var options: GalleryOptions

    var path: String { trip.page }
    let mark = GalleryMark.page
    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "../")

    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add("trip page 1")
        fingerprint.add(trip.placeName)
        fingerprint.add(days.count)
        for day in days {
            fingerprint.add(day.date)
            fingerprint.add(day.count.photos)
            fingerprint.add(day.count.videos)
        }
        let frame = TripMapFile.frame(of: days)
        fingerprint.add(frame.map { Int($0.width) })
        fingerprint.add(frame.map { Int($0.height) })
        return fingerprint.key
    }

    var text: String {
        let title = trip.title(locale)
        let count = days.reduce(ItemCount()) { $0 + $1.count }
        var body = """
            <header class="site"><a href="\(links.url(GalleryPaths.index))">\(HTMLEscaping.escape(options.title))</a></header>
            <main id="main">
            <h1>\(HTMLEscaping.escape(title))</h1>
            <p class="summary">\(HTMLEscaping.escape(locale.dayCount(days.count) + " · " + locale.itemCount(count)))</p>

            """
        if let frame = TripMapFile.frame(of: days) {
            body += "<section class=\"trip-map\" aria-labelledby=\"map\">\n<h2 id=\"map\">\(HTMLEscaping.escape(locale.mapHeading))</h2>\n"
                + LinkedMapDrawing.object(source: links.url(trip.map),
                                          description: HTMLEscaping.escape(locale.tripMapDescription(title)), frame: frame)
                + "\n</section>\n"
        }
        body += "<section aria-labelledby=\"trip-days\">\n<h2 id=\"trip-days\">\(HTMLEscaping.escape(locale.daysLabel))</h2>\n<ol class=\"trip-days\">\n"
        for day in days {
            body += "<li><a href=\"\(links.url(GalleryPaths.dayPage(day.date)))\">"
                + "<time datetime=\"\(day.date.iso)\">\(HTMLEscaping.escape(locale.dayTitle(day.date)))</time></a>"
                + " <span class=\"count\">\(HTMLEscaping.escape(locale.itemCount(photos: day.count.photos, videos: day.count.videos)))</span></li>\n"
        }
        body += "</ol>\n</section>\n</main>"
        return PageShell(locale: locale, title: title + " · " + options.title, links: links).document(body: body)
    }
}
