/// photos/NAME.html: one photo at screen size (the large view, or the
/// preview on high-density screens), links to the photos before and after
/// it (across days) and back to its day, and its details: when (with the
/// UTC offset, or where a guessed date came from), camera and lens,
/// exposure, size, colour space, file, place, and the original. An
/// undated photo's page links the Undated page and the undated photos
/// before and after it there, and says it has no date.
/// The gallery's script only adds arrow keys and swipes to these links.
struct PhotoPage: PageRendering {
    var photo: GalleryPhoto
    /// Its day; nil for an undated photo (`UndatedPage`).
    var day: DayDate?
    var previous: GalleryPhoto?
    var next: GalleryPhoto?
    var options: GalleryOptions
    /// The photo's digest (`PhotoDigests`), when already worked out.
    var digest: String?

    /// The page's own path, relative to the gallery folder.
    var path: String { photo.page ?? "" }
    let mark = GalleryMark.page
    private var locale: GalleryLocale { options.locale }
    private var links: PageLinks { PageLinks(toRoot: String(repeating: "../", count: path.filter { $0 == "/" }.count)) }

    /// From the photo, its day, and its neighbours' names and pages.
    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add(day)
        fingerprint.add(digest ?? PhotoDigests.digest(photo))
        fingerprint.add(previous?.name)
        fingerprint.add(previous?.page)
        fingerprint.add(next?.name)
        fingerprint.add(next?.page)
        return fingerprint.key
    }

    var text: String {
        let title = day.map { locale.photoTitle(photo, day: $0) } ?? photo.name + " · " + locale.undatedHeading
        let body = """
            <header class="site"><a href="\(links.url(GalleryPaths.index))">\(HTMLEscaping.escape(options.title))</a></header>
            \(navigation)
            <main id="main">
            <h1><bdi>\(HTMLEscaping.escape(photo.name))</bdi></h1>
            <figure class="photo">
            \(picture)
            </figure>
            \(details)
            </main>
            <script src="\(links.url(GalleryPaths.script))"></script>
            """
        return PageShell(locale: locale, title: title + " · " + options.title, links: links).document(body: body)
    }

    /// Previous photo, the day (or the Undated page), next photo.
    private var navigation: String {
        var items: [String] = []
        if let previous, let page = previous.page {
            items.append("<li class=\"previous\"><a rel=\"prev\" href=\"\(links.url(page))\"><span aria-hidden=\"true\">← </span>"
                + "<span class=\"visually-hidden\">\(HTMLEscaping.escape(locale.previousPhotoPrefix))</span>"
                + "<bdi>\(HTMLEscaping.escape(previous.name))</bdi></a></li>")
        }
        let (list, listTitle) = day.map { (GalleryPaths.dayPage($0), locale.dayTitle($0)) }
            ?? (GalleryPaths.undated, locale.undatedHeading)
        items.append("<li class=\"day\"><a href=\"\(links.url(list, fragment: DayPage.anchor(photo)))\">"
            + "\(HTMLEscaping.escape(listTitle))</a></li>")
        if let next, let page = next.page {
            items.append("<li class=\"next\"><a rel=\"next\" href=\"\(links.url(page))\">"
                + "<span class=\"visually-hidden\">\(HTMLEscaping.escape(locale.nextPhotoPrefix))</span>"
                + "<bdi>\(HTMLEscaping.escape(next.name))</bdi><span aria-hidden=\"true\"> →</span></a></li>")
        }
        return "<nav class=\"photos-nav\" aria-label=\"\(HTMLEscaping.escape(locale.photosNavigationLabel))\">\n<ul>\n"
            + items.joined(separator: "\n") + "\n</ul>\n</nav>"
    }

    /// A video's player (its poster the large view), or a Live Photo's or
    /// motion photo's still with its motion over it, which the script plays
    /// muted on hover, focus or a tap (not by itself under
    /// `prefers-reduced-motion`); without the script a link plays it.
    private var picture: String {
        guard let motion = photo.motion else { return still }
        let size = photo.largeSize
        guard let clip = motion.clip else {
            return still + "\n<figcaption>\(HTMLEscaping.escape(locale.noPlayableClip))</figcaption>"
        }
        if motion.kind == .video {
            return "<video src=\"\(links.url(clip))\" poster=\"\(links.url(photo.large))\" width=\"\(size.width)\" "
                + "height=\"\(size.height)\" controls playsinline preload=\"metadata\" "
                + "aria-label=\"\(HTMLEscaping.escape(locale.motionLabel(motion) + ": " + photo.name))\">"
                + "<a href=\"\(links.url(clip))\">\(HTMLEscaping.escape(locale.playVideo))</a></video>"
        }
        return "<div class=\"motion\">\(still)<video class=\"motion-clip\" src=\"\(links.url(clip))\" width=\"\(size.width)\" "
            + "height=\"\(size.height)\" muted loop playsinline preload=\"none\" aria-hidden=\"true\"></video></div>\n"
            + "<p class=\"play\"><a class=\"motion-play\" href=\"\(links.url(clip))\">"
            + "\(HTMLEscaping.escape(locale.playMotion))</a> <span class=\"badge \(motion.kind.rawValue)\">"
            + "\(HTMLEscaping.escape(locale.motionLabel(motion)))</span></p>"
    }

    /// The large view, with the preview offered to screens that can show it.
    private var still: String {
        GalleryPicture(photo: photo, links: links, alt: locale.photoDescription(photo)).html
    }

    /// The details panel: each fact the catalog knows.
    private var details: String {
        var rows: [(String, String)] = []
        let facts = photo.details
        if let taken = photo.taken {
            let day = DayDate(taken).map { locale.dayTitle($0) } ?? ""
            let shown = taken.hasTimeOfDay ? (day.isEmpty ? "" : day + ", ") + locale.timeWithOffset(taken) : day
            var text = "<time datetime=\"\(DayPage.dateTime(taken))\">\(HTMLEscaping.escape(shown))</time>"
            let notes = [taken.hasTimeOfDay ? nil : locale.timeUnknownNote, facts.takenSource.flatMap(locale.dateSourceNote)]
                .compactMap { $0 }
            if !notes.isEmpty {
                text += " <span class=\"note\">(\(HTMLEscaping.escape(notes.joined(separator: " · "))))</span>"
            }
            rows.append((locale.takenLabel, text))
        } else if day == nil {
            rows.append((locale.takenLabel, HTMLEscaping.escape(locale.undatedTakenNote)))
        }
        if let camera = photo.camera { rows.append((locale.cameraLabel, HTMLEscaping.escape(camera))) }
        if let lens = facts.shooting.lens { rows.append((locale.lensLabel, HTMLEscaping.escape(lens))) }
        let exposure = [facts.shooting.exposureTime.map(ShootingDetails.exposureText),
                        facts.shooting.fNumber.map(ShootingDetails.apertureText), facts.shooting.iso.map { "ISO \($0)" },
                        facts.shooting.focalLength.map(ShootingDetails.focalLengthText)].compactMap { $0 }
        if !exposure.isEmpty { rows.append((locale.exposureLabel, HTMLEscaping.escape(exposure.joined(separator: " · ")))) }
        if let size = facts.pixelSize { rows.append((locale.pixelSizeLabel, HTMLEscaping.escape(locale.pixelSize(size)))) }
        rows += VideoDetailRows.rows(facts.video, locale: locale)
        if let colorSpace = facts.colorSpace { rows.append((locale.colorSpaceLabel, HTMLEscaping.escape(colorSpace))) }
        let file = [facts.format, facts.fileBytes.map(locale.fileSize)].compactMap { $0 }
        if !file.isEmpty { rows.append((locale.fileLabel, HTMLEscaping.escape(file.joined(separator: " · ")))) }
        if let gps = facts.gps {
            let place = facts.place.map { "\($0) (\(Self.coordinates(gps)))" } ?? Self.coordinates(gps)
            rows.append((locale.placeLabel, HTMLEscaping.escape(place)))
        }
        if let original = photo.original {
            rows.append((locale.originalLabel, "<a href=\"\(links.url(original))\">\(HTMLEscaping.escape(locale.openOriginal))</a>"))
        }
        if !photo.burst.isEmpty {
            rows.append((locale.burstHeading, HTMLEscaping.escape(locale.burstNote(frames: photo.burst.count + 1))
                         + otherFiles(photo.burst)))
        }
        if !photo.copies.isEmpty {
            rows.append((locale.copiesHeading, HTMLEscaping.escape(locale.copiesNote(files: photo.copies.count + 1))
                         + otherFiles(photo.copies)))
        }
        return "<section class=\"details\" aria-labelledby=\"details\">\n<h2 id=\"details\">"
            + "\(HTMLEscaping.escape(locale.detailsHeading))</h2>\n<dl>\n"
            + rows.map { "<dt>\(HTMLEscaping.escape($0.0))</dt><dd>\($0.1)</dd>" }.joined(separator: "\n")
            + "\n</dl>\n</section>"
    }

    /// A burst's other frames or a picture's other copies: each named, linking its file when linked.
    private func otherFiles(_ files: [GalleryBurstFrame]) -> String {
        "<ul class=\"burst\">" + files.map { file in
            let name = "<bdi>\(HTMLEscaping.escape(file.name))</bdi>"
            return "<li>" + (file.original.map { "<a href=\"\(links.url($0))\">\(name)</a>" } ?? name) + "</li>"
        }.joined() + "</ul>"
    }

    /// "37.56650° N, 126.97800° E".
    static func coordinates(_ gps: GPSCoordinate) -> String {
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            let magnitude = (abs(value) * 100_000).rounded() / 100_000
            return "\(magnitude)° \(value < 0 ? negative : positive)"
        }
        return part(gps.latitude, "N", "S") + ", " + part(gps.longitude, "E", "W")
    }
}
