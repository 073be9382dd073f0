@testable import Filmroll
import Testing
import TestSupport

/// What the pages give the full-screen viewer, and the photos shown large:
/// every photo link of a day and an "On this day" page carries its view,
/// size, clip and caption while still pointing at the photo's page; the
/// viewer's dialog is in the page once, labelled; the day's sheet is shown at
/// its own size; the index shows its latest days and months as cover tiles.
@Suite struct GalleryViewerTests {
    /// The days of `GallerySamples`, the first photo of the last day a video with a clip and a page,
    /// the big photo a preview; and a day a year before, so that an "On this day" page is made.
    static var days: [GalleryDay] {
        var days = GallerySamples.days
        var video = days[3].photos[0]
        video.motion = GalleryMotion(kind: .video, clip: "clips/2025/IMG_0200.mp4", durationSeconds: 7)
        video.page = "photos/2025/IMG_0200.html"
        days[3].photos[0] = video
        days[1].photos[2].preview = "thumbs/2025/IMG_0001_2048.jpg"
        days[1].photos[2].previewSize = PixelSize(width: 2048, height: 1536)
        days.insert(GalleryDay(date: GallerySamples.date("2024-04-10"), photos: [GallerySamples.photo("OLD.JPG", "2024-04-10", 9)]), at: 0)
        return days
    }

    /// The opening tags of the links that carry `data-view`.
    static func viewerLinks(in html: String) -> [String] {
        var links: [String] = []
        var rest = Substring(html)
        while let start = rest.firstRange(of: "<a href=\"") {
            guard let end = rest[start.lowerBound...].firstIndex(of: ">") else { break }
            let tag = String(rest[start.lowerBound...end])
            if tag.contains(" data-view=\"") { links.append(tag) }
            rest = rest[end...]
        }
        return links
    }

    /// The value of `name` in one tag, entity-decoded.
    static func attribute(_ name: String, in tag: String) -> String? {
        PageLinkScanner.values(of: name, in: tag).first
    }

    @Test func everyPhotoLinkOfADayCarriesWhatTheViewerShows() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.days, options: GalleryOptions(), to: folder.path)
        let page = try folder.text("days/2025-04-10.html")
        let links = Self.viewerLinks(in: page)
        #expect(links.count == 5)
        // Each: the large view, its widths, its size, the id of its item, a caption; the href unchanged
        for (link, photo) in zip(links, Self.days[2].photos) {
            #expect(Self.attribute("href", in: link) == "../" + URLPath.encode(photo.large))
            #expect(Self.attribute("data-view", in: link) == "../" + URLPath.encode(photo.large))
            #expect(Self.attribute("data-view-width", in: link) == "1024" && Self.attribute("data-view-height", in: link) == "768")
            #expect(Self.attribute("data-view-id", in: link) == DayPage.anchor(photo))
            #expect(page.contains("<li id=\"\(DayPage.anchor(photo))\">"))
            #expect(Self.attribute("data-view-caption", in: link) == GalleryLocale.en.photoDescription(photo) + " · " + (photo.camera ?? ""))
            #expect(Self.attribute("data-view-clip", in: link) == nil)
        }
        // The awkward name is escaped in its caption; the photo with a preview offers it at its width
        #expect(links[1].contains("data-view-caption=\"&lt;b&gt;&amp;&quot;x.jpg, 09:30 · Canon EOS 40D\""))
        let hangulLarge = "../large/2025/%ED%95%9C%EA%B8%80%20%EC%82%AC%EC%A7%84%20%231_1024.jpg"
        #expect(Self.attribute("data-view-srcset", in: links[0]) == hangulLarge + " 1024w")
        #expect(Self.attribute("data-view-srcset", in: links[2])
                == "../large/2025/IMG_0001_1024.jpg 1024w, ../thumbs/2025/IMG_0001_2048.jpg 2048w")
        // The viewer's dialog once, labelled, its buttons labelled; one script
        #expect(PageLinkScanner.count(of: "<template id=\"viewer-template\"><dialog class=\"viewer\" aria-label=\"Photo viewer\"", in: page) == 1)
        #expect(PageLinkScanner.count(of: "<button type=\"button\"", in: page) == 4)
        for label in ["Previous photo", "Next photo", "Play the slideshow", "Close the viewer"] {
            #expect(page.contains("aria-label=\"\(label)\""))
        }
        #expect(page.contains("data-pause=\"Pause the slideshow\""))
        #expect(page.firstRange(of: "</template>")!.lowerBound < page.firstRange(of: "<script src=\"../gallery.js\">")!.lowerBound)
    }

    @Test func aVideoOpensWithItsClipAndItsPageStaysTheFallback() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.days, options: GalleryOptions(), to: folder.path)
        let links = Self.viewerLinks(in: try folder.text("days/2025-04-20.html"))
        #expect(links.count == 4)
        #expect(Self.attribute("href", in: links[0]) == "../photos/2025/IMG_0200.html")
        #expect(Self.attribute("data-view-clip", in: links[0]) == "../clips/2025/IMG_0200.mp4")
        #expect(Self.attribute("data-view-kind", in: links[0]) == "video")
        #expect(Self.attribute("data-view-id", in: links[0]) == "p-2025/IMG_0200")
        #expect(links.dropFirst().allSatisfy { Self.attribute("data-view-clip", in: $0) == nil })
    }

    @Test func onThisDayPhotosOpenInTheViewerToo() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.days, options: GalleryOptions(locale: .ko), to: folder.path)
        let page = try folder.text("on-this-day/04-10.html")
        let links = Self.viewerLinks(in: page)
        #expect(links.count == 6)
        #expect(links.allSatisfy { Self.attribute("data-view", in: $0)?.hasPrefix("../large/") == true })
        #expect(page.contains("<template id=\"viewer-template\"><dialog class=\"viewer\" aria-label=\"사진 보기\""))
        #expect(page.contains("<script src=\"../gallery.js\"></script>"))
        // The index has no viewer
        #expect(!(try folder.text("index.html")).contains("viewer-template"))
    }

    @Test func aMonthsButtonOpensTheViewerOnItsDaysCoversWhoseLinksStillOpenTheDays() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.days, options: GalleryOptions(), to: folder.path)
        let page = try folder.text("months/2025-04.html")
        let links = Self.viewerLinks(in: page)
        let april = Self.days.filter { $0.date.year == 2025 && $0.date.month == 4 }
        #expect(links.count == april.count && april.count == 3)
        for (link, day) in zip(links, april) {
            let cover = day.photos[0]
            // A click goes to the day; the button opens the viewer on the cover, captioned with the day
            #expect(Self.attribute("href", in: link) == "../days/\(day.date).html")
            #expect(Self.attribute("data-view-open", in: link) == "button")
            #expect(Self.attribute("data-view", in: link) == "../" + URLPath.encode(cover.large))
            #expect(Self.attribute("data-view-id", in: link) == DayPage.anchor(cover))
            #expect(Self.attribute("data-view-caption", in: link)
                    == GalleryLocale.en.dayTitle(day.date) + ", " + GalleryLocale.en.itemCount(day.count))
            #expect(Self.attribute("data-view-page-label", in: link) == "Open the day")
        }
        // The video's cover plays its clip in the viewer
        #expect(Self.attribute("data-view-clip", in: links[2]) == "../clips/2025/IMG_0200.mp4")
        #expect(page.contains("<button type=\"button\" class=\"viewer-open\" hidden><span aria-hidden=\"true\">▶ </span>View the days full-screen</button>"))
        #expect(PageLinkScanner.count(of: "<template id=\"viewer-template\">", in: page) == 1)
        // The script follows such a link on a click and shows the button
        #expect(GalleryViewerScript.source.contains("if (link.getAttribute(\"data-view-open\") === \"button\") { return; }"))
        #expect(GalleryViewerScript.source.contains("opener.hidden = false;"))
        // A year page's calendars carry no views
        #expect(!(try folder.text("years/2025.html")).contains("data-view="))
    }

    @Test func theSheetIsShownAtItsOwnSizeBesideTheAnimation() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.days, options: GalleryOptions(), to: folder.path)
        let page = try folder.text("days/2025-04-10.html")
        #expect(page.contains("<div class=\"highlights with-sheet\">\n<section class=\"highlight four-cut\" aria-labelledby=\"four-cut\">"))
        #expect(page.contains("<img src=\"../fourcut/2025-04-10%20four%20cut.jpg\" alt=\"Four-cut sheet of Thursday, 10 April 2025\" width=\"600\" height=\"1800\" "
            + "style=\"max-width: min(100%, 600px)\">"))
        // A day without a sheet lays out its animation alone
        #expect(try folder.text("days/2025-03-30.html").contains("<div class=\"highlights\">\n<section class=\"highlight\" aria-labelledby=\"animation\">"))
        // The stylesheet lets the sheet grow to the column (no height cap) and puts the rest beside it on a wide screen
        let css = GalleryStylesheet.css
        #expect(css.contains(".highlights .highlight img, .highlights .highlight video { width: 100%; height: auto; max-height: none; }"))
        #expect(css.contains(".highlights.with-sheet { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }"))
        #expect(css.hasPrefix(GalleryMark.stylesheet.text + "\n" + GalleryStylesheet.rules))
    }

    @Test func theIndexShowsTheLatestDaysAndMonthsAsCoverTiles() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.days, options: GalleryOptions(), to: folder.path)
        let index = try folder.text("index.html")
        // Days newest first, each its cover (a square tile that reserves its size), date and count, linking its page
        let order = ["2025-04-20", "2025-04-11", "2025-04-10", "2025-03-30", "2024-04-10"].map { index.firstRange(of: "days/\($0).html")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        let hangul = "thumbs/2025/%ED%95%9C%EA%B8%80%20%EC%82%AC%EC%A7%84%20%231_256.jpg"
        let tile: String = "<li><a href=\"days/2025-04-10.html\"><img src=\"" + hangul + "\" srcset=\"" + hangul + " 256w, "
            + "large/2025/%ED%95%9C%EA%B8%80%20%EC%82%AC%EC%A7%84%20%231_1024.jpg 1024w\" sizes=\"(max-width: 36rem) 44vw, 15rem\" "
            + "alt=\"한글 사진 #1.jpg, 08:15\" width=\"256\" height=\"192\" decoding=\"async\">"
        let text: String = "<span class=\"name\"><time datetime=\"2025-04-10\">Thursday, 10 April 2025</time></span> "
            + "<span class=\"count\">5 photos</span></a></li>"
        #expect(index.contains(tile + text))
        // Months newest first as tiles linking their calendars
        let months = ["2025-04", "2025-03", "2024-04"].map { index.firstRange(of: "<li><a href=\"months/\($0).html\"")?.lowerBound }
        #expect(months.allSatisfy { $0 != nil } && months.compactMap { $0 } == months.compactMap { $0 }.sorted())
        #expect(index.contains("<span class=\"name\">March 2025</span> <span class=\"count\">2 photos</span>"))
        // Days before months, the map (none here) after; no calendar on the index
        #expect(index.firstRange(of: "class=\"day-tiles\"")!.lowerBound < index.firstRange(of: "class=\"month-tiles\"")!.lowerBound)
        #expect(!index.contains("<table"))
    }

    @Test func theIndexIsRewrittenWhenADaysCoverChanges() throws {
        var days = Self.days
        let before = IndexPage(years: [], recentMonths: [], recentDays: IndexPage.recentDays(of: days), options: GalleryOptions())
        days[4].photos.swapAt(0, 1)
        let after = IndexPage(years: [], recentMonths: [], recentDays: IndexPage.recentDays(of: days), options: GalleryOptions())
        #expect(before.key != after.key)
        #expect(IndexPage.recentDays(of: days).map(\.date.iso) == ["2025-04-20", "2025-04-11", "2025-04-10", "2025-03-30", "2024-04-10"])
    }

    /// The Undated page's photos open in the viewer too, a video with its clip.
    @Test func undatedPhotosOpenInTheViewerAVideoWithItsClip() throws {
        var video = GallerySamples.photo("IMG_0300.MOV", "2025-04-20", 1)
        (video.thumbnail, video.large) = ("thumbs/IMG_0300_256.jpg", "thumbs/IMG_0300_1024.jpg")
        video.motion = GalleryMotion(kind: .video, clip: "clips/IMG_0300.mp4", durationSeconds: 3)
        var still = GallerySamples.photo("download.jpg", "2025-04-20", 2)
        (still.thumbnail, still.large) = ("thumbs/download_256.jpg", "thumbs/download_1024.jpg")
        let page = UndatedPage(photos: [still, video], options: GalleryOptions()).text
        let links = Self.viewerLinks(in: page)
        #expect(links.count == 2)
        #expect(Self.attribute("href", in: links[0]) == "thumbs/download_1024.jpg")
        #expect(Self.attribute("data-view", in: links[0]) == "thumbs/download_1024.jpg")
        #expect(Self.attribute("data-view-clip", in: links[0]) == nil)
        #expect(Self.attribute("data-view-clip", in: links[1]) == "clips/IMG_0300.mp4")
        #expect(Self.attribute("data-view-kind", in: links[1]) == "video")
        // Each list item bears the id the address names (#view=ID), as on a day page.
        let id = try #require(Self.attribute("data-view-id", in: links[1]))
        #expect(page.contains("<li id=\"\(id)\"><figure>"))
        #expect(page.contains("<template id=\"viewer-template\">") && page.contains("<script src=\"gallery.js\"></script>"))
    }
}
