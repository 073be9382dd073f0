/// days/YYYY-MM-DD.html: the date as heading, the day's four-cut sheet and
/// animation, its photos in time order (each linking to its large view),
/// and links to the previous and next days and up to its month's page.
struct DayPage: PageRendering {
    var day: GalleryDay
    var previous: DayDate?
    var next: DayDate?
    var options: GalleryOptions
    /// Its photos' digests, shared with the other pages of the write.
    var digests = PhotoDigests()
    /// The trip the day is part of, which it links (`Trips`).
    var trip: Trip?

    var path: String { GalleryPaths.dayPage(day.date) }
    let mark = GalleryMark.page
    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "../")

    /// From the day, its sheet, animation and photos (whose positions make
    /// its map and places), and its neighbours' dates.
    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        // Over a basemap the map is an <object> (`mapElement`); without one, keys stay as they were.
        if options.basemap != nil { fingerprint.add("map over a basemap") }
        fingerprint.add(day.date)
        fingerprint.add(previous)
        fingerprint.add(next)
        fingerprint.add(day.fourCut)
        fingerprint.add(day.fourCutSize)
        fingerprint.add(day.animation)
        fingerprint.add(day.animationSize)
        if let trip { fingerprint.add(trip.page + "\n" + trip.title(locale)) }
        let photos = digests.of(day)
        fingerprint.add(photos.count)
        for photo in photos { fingerprint.add(photo) }
        return fingerprint.key
    }

    var text: String {
        let date = day.date
        let title = locale.dayTitle(date)
        let body = """
            <header class="site"><a href="\(links.url(GalleryPaths.index))">\(HTMLEscaping.escape(options.title))</a></header>
            \(navigation)
            <main id="main">
            <h1><time datetime="\(date.iso)">\(HTMLEscaping.escape(title))</time></h1>
            <p class="summary">\(HTMLEscaping.escape(locale.itemCount(day.photos)))</p>
            \(tripLink)\(highlights)<section aria-labelledby="photos">
            <h2 id="photos">\(HTMLEscaping.escape(locale.photosHeading))</h2>
            <ul class="photos">
            \(day.photos.map(figure).joined(separator: "\n"))
            </ul>
            </section>
            </main>
            \(GalleryViewerMarkup.template(locale: locale))
            <script src="\(links.url(GalleryPaths.script))"></script>
            """
        return PageShell(locale: locale, title: title + " · " + options.title, links: links).document(body: body)
    }

    /// Previous day, the month's page, next day.
    private var navigation: String {
        var items: [String] = []
        if let previous {
            items.append("<li class=\"previous\"><a rel=\"prev\" href=\"\(dayLink(previous))\">"
                + "<span aria-hidden=\"true\">← </span><span class=\"visually-hidden\">"
                + "\(HTMLEscaping.escape(locale.previousDayPrefix))</span>\(HTMLEscaping.escape(locale.dayTitle(previous)))</a></li>")
        }
        let month = GalleryPaths.monthPage(year: day.date.year, month: day.date.month)
        items.append("<li class=\"month\"><a href=\"\(links.url(month))\">"
            + "\(HTMLEscaping.escape(locale.monthTitle(year: day.date.year, month: day.date.month)))</a></li>")
        if let next {
            items.append("<li class=\"next\"><a rel=\"next\" href=\"\(dayLink(next))\">"
                + "<span class=\"visually-hidden\">\(HTMLEscaping.escape(locale.nextDayPrefix))</span>"
                + "\(HTMLEscaping.escape(locale.dayTitle(next)))<span aria-hidden=\"true\"> →</span></a></li>")
        }
        return "<nav class=\"days\" aria-label=\"\(HTMLEscaping.escape(locale.daysLabel))\">\n<ul>\n"
            + items.joined(separator: "\n") + "\n</ul>\n</nav>"
    }

    /// Another day page, beside this one in days/.
    private func dayLink(_ date: DayDate) -> String {
        HTMLEscaping.escape(URLPath.encode("\(date.iso).html"))
    }

    /// The four-cut sheet and the animation, each in its own section, when made.
    private var highlights: String {
        var html = ""
        if let fourCut = day.fourCut {
            html += """
                <section class="highlight four-cut" aria-labelledby="four-cut">
                <h2 id="four-cut">\(HTMLEscaping.escape(locale.fourCutHeading))</h2>
                <a href="\(links.url(fourCut))"><img src="\(links.url(fourCut))" \
                alt="\(HTMLEscaping.escape(locale.fourCutDescription(day.date)))"\(reservedSize(day.fourCutSize))></a>
                </section>

                """
        }
        if let animation = day.animation {
            let description = HTMLEscaping.escape(locale.animationDescription(day.date))
            let still = day.photos.first.map { links.url($0.large) }
            let media = switch AnimationMedia(path: animation) {
            case .image:
                // Reduced motion: a still of the day's first photo, and a link that plays it.
                still.map { still in
                    "<picture><source media=\"(prefers-reduced-motion: reduce)\" srcset=\"\(still)\">"
                        + "<img class=\"animation\" src=\"\(links.url(animation))\" data-still=\"\(still)\" "
                        + "data-play=\"\(HTMLEscaping.escape(locale.playAnimation))\" data-pause=\"\(HTMLEscaping.escape(locale.pauseAnimation))\" "
                        + "alt=\"\(description)\"\(reservedSize(day.animationSize))></picture>\n"
                        + "<p class=\"play\"><a href=\"\(links.url(animation))\">\(HTMLEscaping.escape(locale.playAnimation))</a></p>"
                } ?? "<img src=\"\(links.url(animation))\" alt=\"\(description)\"\(reservedSize(day.animationSize))>"
            case .video:
                "<video src=\"\(links.url(animation))\" aria-label=\"\(description)\"\(reservedSize(day.animationSize)) "
                    + "controls loop muted playsinline preload=\"metadata\"><a href=\"\(links.url(animation))\">"
                    + "\(HTMLEscaping.escape(locale.animationFallback))</a></video>"
            }
            html += """
                <section class="highlight" aria-labelledby="animation">
                <h2 id="animation">\(HTMLEscaping.escape(locale.animationHeading))</h2>
                \(media)
                </section>

                """
        }
        if let frame = MapDrawing.dayFrame(day.route) {
            let places = DayPlaceNames.grouped(day.placeNames)
            html += """
                <section class="highlight" aria-labelledby="map">
                <h2 id="map">\(HTMLEscaping.escape(locale.mapHeading))</h2>
                \(mapElement(frame))
                \(places.isEmpty ? "" : "<p class=\"places\">" + places.map { "<bdi>\(HTMLEscaping.escape($0))</bdi>" }.joined(separator: " · ") + "</p>\n")\
                </section>

                """
        }
        let layout = day.fourCut == nil ? "highlights" : "highlights with-sheet"
        return html.isEmpty ? "" : "<div class=\"\(layout)\">\n\(html)</div>\n"
    }

    /// One photo: its thumbnail linking to its page (or the large view),
    /// then name, time and camera. The thumbnail is shown whole in a square
    /// no wider than its long side, so it suffices at 1x in every
    /// orientation; the large view serves high-density screens.
    private func figure(_ photo: GalleryPhoto) -> String {
        var sources = ""
        let long = max(photo.thumbnailSize.width, photo.thumbnailSize.height)
        let largeLong = max(photo.largeSize.width, photo.largeSize.height)
        if largeLong > long, long > 0 {
            let density = (Double(largeLong) / Double(long) * 100).rounded() / 100
            sources = " srcset=\"\(links.url(photo.thumbnail)) 1x, \(links.url(photo.large)) \(density)x\""
        }
        var caption = "<span class=\"name\"><bdi>\(HTMLEscaping.escape(photo.name))</bdi></span>"
        if let taken = photo.taken {
            // A date without a time of day shows none: the page is the day.
            let mark = GuessedDateMark(photo: photo, locale: locale).html
            if taken.hasTimeOfDay {
                caption += " <time datetime=\"\(DayPage.dateTime(taken))\">\(HTMLEscaping.escape(locale.time(taken)))</time>" + mark
            } else if !mark.isEmpty {
                caption += " " + mark
            }
        }
        if let camera = photo.camera, !camera.isEmpty {
            caption += " <span class=\"camera\">\(HTMLEscaping.escape(camera))</span>"
        }
        return """
            <li id="\(HTMLEscaping.escape(Self.anchor(photo)))"><figure>
            <a href="\(links.url(photo.page ?? photo.large))"\(GalleryViewerMarkup.attributes(of: photo, links: links, locale: locale))>\
            <img src="\(links.url(photo.thumbnail))"\(sources) \
            alt="\(HTMLEscaping.escape(locale.photoDescription(photo)))"\(sizeAttributes(photo.thumbnailSize)) loading="lazy" decoding="async">\(Self.badge(photo, locale: locale))</a>
            <figcaption>\(caption)</figcaption>
            </figure></li>
            """
    }

    /// A video's, Live Photo's, motion photo's or burst's badge over its
    /// thumbnail, said in words to a screen reader; nothing for a still
    /// (the "On this day" pages show it too).
    static func badge(_ photo: GalleryPhoto, locale: GalleryLocale) -> String {
        if !photo.burst.isEmpty {
            let frames = photo.burst.count + 1
            return "<span class=\"badge burst\" aria-hidden=\"true\">\(HTMLEscaping.escape(locale.burstBadge(frames: frames)))</span>"
                + "<span class=\"visually-hidden\"> (\(HTMLEscaping.escape(locale.burstLabel(frames: frames))))</span>"
        }
        guard let motion = photo.motion else {
            guard !photo.copies.isEmpty else { return "" }
            let files = photo.copies.count + 1
            return "<span class=\"badge copies\" aria-hidden=\"true\">\(HTMLEscaping.escape(locale.copiesBadge(files: files)))</span>"
                + "<span class=\"visually-hidden\"> (\(HTMLEscaping.escape(locale.copiesLabel(files: files))))</span>"
        }
        return "<span class=\"badge \(motion.kind.rawValue)\" aria-hidden=\"true\">\(HTMLEscaping.escape(locale.motionBadge(motion)))</span>"
            + "<span class=\"visually-hidden\"> (\(HTMLEscaping.escape(locale.motionLabel(motion))))</span>"
    }

    /// The id of a photo's item on its day page ("p-IMG_0001"), which its page links back to.
    static func anchor(_ photo: GalleryPhoto) -> String {
        var stem = photo.page ?? photo.thumbnail
        if stem.hasPrefix(GalleryPaths.photosFolder + "/") { stem.removeFirst(GalleryPaths.photosFolder.count + 1) }
        if stem.hasSuffix(".html") { stem.removeLast(5) }
        return "p-" + URLPath.encode(stem)
    }

    /// A highlight's size, and its own width as its widest (the stylesheet makes it as wide as its column):
    /// its space is reserved before it loads, and it is never shown larger than it is.
    private func reservedSize(_ size: PixelSize?) -> String {
        guard let size, size.width > 0, size.height > 0 else { return "" }
        return sizeAttributes(size) + " style=\"max-width: min(100%, \(size.width)px)\""
    }

    private func sizeAttributes(_ size: PixelSize?) -> String {
        guard let size, size.width > 0, size.height > 0 else { return "" }
        return " width=\"\(size.width)\" height=\"\(size.height)\""
    }

    /// A valid HTML date and time: "2025-04-10T14:30:05+09:00", local when the offset is unknown;
    /// the date alone, "2024-05-04", when the time of day is unknown.
    static func dateTime(_ date: CaptureDate) -> String {
        var text = "\(digits(date.year, 4))-\(digits(date.month, 2))-\(digits(date.day, 2))"
        guard date.hasTimeOfDay else { return text }
        text += "T\(digits(date.hour, 2)):\(digits(date.minute, 2)):\(digits(min(date.second, 59), 2))"
        if let offset = date.utcOffsetMinutes {
            let magnitude = abs(offset)
            text += offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + "\(digits(magnitude / 60, 2)):\(digits(magnitude % 60, 2))"
        }
        return text
    }
}


extension DayPage {
    /// "Part of the trip Helsinki, 10–13 April 2025", linking its page, when the day is part of one.
    var tripLink: String {
        guard let trip else { return "" }
        return "<p class=\"trip\">\(HTMLEscaping.escape(options.locale.partOfTripPrefix))"
            + "<a href=\"\(PageLinks(toRoot: "../").url(trip.page))\">\(HTMLEscaping.escape(trip.title(options.locale)))</a></p>\n"
    }

    /// The day's map: an image; drawn over a basemap, whose numbered points
    /// link the photos' pages, an `<object>` so that those links work (and
    /// take the whole window), with the image inside for browsers without.
    func mapElement(_ frame: MapFrame) -> String {
        let source = links.url(GalleryPaths.dayMap(day.date))
        let description = HTMLEscaping.escape(options.locale.mapDescription(day.date))
        let image = "<img src=\"\(source)\" alt=\"\(description)\" width=\"\(Int(frame.width))\" height=\"\(Int(frame.height))\">"
        guard options.basemap != nil else { return image }
        return "<object class=\"map\" type=\"image/svg+xml\" data=\"\(source)\" aria-label=\"\(description)\" "
            + "width=\"\(Int(frame.width))\" height=\"\(Int(frame.height))\" "
            + "style=\"aspect-ratio: \(Int(frame.width)) / \(Int(frame.height))\">\(image)</object>"
    }
}
