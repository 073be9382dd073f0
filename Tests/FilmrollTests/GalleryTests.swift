#if canImport(Glibc)
import Glibc
#endif
@testable import Filmroll
import Testing

/// The HTML gallery: its pages, their safety, their links, and writing only what changed.
@Suite struct GalleryTests {
    let days = GallerySamples.days

    // MARK: Escaping and links

    @Test func awkwardNamesAreEscapedEverywhere() throws {
        // Given a photo named <b>&"x.jpg and a title with markup
        let folder = GalleryFolder()
        let options = GalleryOptions(title: "Tom & Jerry's <script>")
        _ = try GalleryWriter.write(days: days, options: options, to: folder.path)

        // Then the name appears only escaped, in text and in attributes
        let page = try folder.text("days/2025-04-10.html")
        #expect(page.contains("&lt;b&gt;&amp;&quot;x.jpg"))
        #expect(!page.contains("<b>"))
        #expect(!page.contains("\"x.jpg"))
        #expect(page.contains("<title>Thursday, 10 April 2025 · Tom &amp; Jerry&#39;s &lt;script&gt;</title>"))
        let index = try folder.text("index.html")
        #expect(index.contains("<h1>Tom &amp; Jerry&#39;s &lt;script&gt;</h1>"))
        #expect(!index.contains("<script>") && !page.contains("<script>"))
    }

    @Test func escapingCoversEveryMarkupCharacterAndControls() {
        #expect(HTMLEscaping.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTMLEscaping.escape("a\u{0}b\u{1B}c\td") == "a\u{FFFD}b\u{FFFD}c\td")
        #expect(HTMLEscaping.escape("한글 사진") == "한글 사진")
    }

    @Test(arguments: [
        ("thumbs/한글 사진 #1.jpg", "thumbs/%ED%95%9C%EA%B8%80%20%EC%82%AC%EC%A7%84%20%231.jpg"),
        ("a/100% sure?.jpg", "a/100%25%20sure%3F.jpg"),
        ("<b>&\"x'.jpg", "%3Cb%3E%26%22x%27.jpg"),
        ("../up/file-name_v2.~x", "../up/file-name_v2.~x"),
        ("café/é.jpg", "caf%C3%A9/%C3%A9.jpg"),
    ])
    func pathsArePercentEncodedPerSegment(path: String, encoded: String) {
        #expect(URLPath.encode(path) == encoded)
        #expect(URLPath.decode(encoded) == path)
    }

    @Test func hangulAndSpacesAreEncodedInLinks() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: days, options: GalleryOptions(), to: folder.path)
        let page = try folder.text("days/2025-04-10.html")
        #expect(page.contains("src=\"../thumbs/2025/%ED%95%9C%EA%B8%80%20%EC%82%AC%EC%A7%84%20%231_256.jpg\""))
        #expect(page.contains("href=\"../fourcut/2025-04-10%20four%20cut.jpg\""))
        #expect(page.contains("href=\"../large/2025/100%25%20sure%3F_1024.jpg\""))
        // The name itself is shown as written, not encoded
        #expect(page.contains("<span class=\"name\"><bdi>한글 사진 #1.jpg</bdi></span>"))
    }

    @Test func everyLinkOfEveryPageResolvesToAFile() throws {
        // Given a gallery whose images exist on disk
        let folder = GalleryFolder()
        try folder.makeImages(for: days)
        let summary = try GalleryWriter.write(days: days, options: GalleryOptions(), to: folder.path)
        let pages = summary.writtenFiles.filter { $0.hasSuffix(".html") }
        #expect(pages.count == 1 + 1 + 2 + days.count, "the index, a year, two months, the days")

        // Then every src, srcset and href, percent-decoded, names a file relative to its page
        var checked = 0
        for page in pages {
            let html = try folder.text(page)
            let pageFolder = page.contains("/") ? String(page[..<page.lastIndex(of: "/")!]) + "/" : ""
            for url in PageLinkScanner.urls(in: html) {
                #expect(!url.contains(":") && !url.hasPrefix("/"), "\(page): \(url) is not relative")
                let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let target = parts[0].isEmpty ? page : pageFolder + (URLPath.decode(String(parts[0])) ?? "?")
                #expect(FileBytes.exists(folder.path + "/" + target), "\(page): \(url) → \(target) is missing")
                if parts.count == 2 {
                    let ids = PageLinkScanner.values(of: "id", in: try folder.text(normalised(target)))
                    #expect(ids.contains(String(parts[1])), "\(page): no id \(parts[1]) in \(target)")
                }
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    /// "days/../index.html" → "index.html".
    private func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == ".." { parts.removeLast() } else if part != "." { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    // MARK: Page structure

    @Test func pagesAreAccessibleDocuments() throws {
        let folder = GalleryFolder()
        let summary = try GalleryWriter.write(days: days, options: GalleryOptions(), to: folder.path)
        for page in summary.writtenFiles where page.hasSuffix(".html") {
            let html = try folder.text(page)
            #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
            #expect(html.contains("<meta charset=\"utf-8\">"))
            #expect(html.contains("<meta name=\"viewport\""))
            #expect(PageLinkScanner.count(of: "<h1", in: html) == 1, "\(page) has one h1")
            #expect(PageLinkScanner.count(of: "<img ", in: html) == PageLinkScanner.count(of: " alt=\"", in: html))
            #expect(PageLinkScanner.values(of: "alt", in: html).allSatisfy { !$0.isEmpty }, "\(page): an empty alt")
            // One script, the gallery's own, which only enhances; nothing from the network.
            #expect(PageLinkScanner.count(of: "<script", in: html) <= 1)
            #expect(!html.contains("<script>") && !html.contains("http:") && !html.contains("https:"))
        }
        let index = try folder.text("index.html")
        #expect(index.contains("<a href=\"months/2025-04.html\" aria-label=\"April 2025, 10 photos\">"))
        // Newest month first
        #expect(index.firstRange(of: "months/2025-04.html")!.lowerBound < index.firstRange(of: "months/2025-03.html")!.lowerBound)
        // A month page's calendar is named by the page's heading
        let month = try folder.text("months/2025-04.html")
        #expect(month.contains("<h1 id=\"month-title\">April 2025</h1>"))
        #expect(month.contains("<table class=\"month\" id=\"m-2025-04\" aria-labelledby=\"month-title\">"))
        #expect(month.contains("<th scope=\"col\"><abbr title=\"Monday\">Mon</abbr></th>"))
    }

    @Test func dayPageShowsPhotosInOrderWithTimeCameraAndNeighbours() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: days, options: GalleryOptions(), to: folder.path)
        let page = try folder.text("days/2025-04-10.html")
        #expect(page.contains("<h1><time datetime=\"2025-04-10\">Thursday, 10 April 2025</time></h1>"))
        #expect(page.contains("<a rel=\"prev\" href=\"2025-03-30.html\">"))
        #expect(page.contains("<a rel=\"next\" href=\"2025-04-11.html\">"))
        #expect(page.contains("<li class=\"month\"><a href=\"../months/2025-04.html\">April 2025</a></li>"))
        #expect(page.contains("<time datetime=\"2025-04-10T09:30:05+09:00\">09:30</time> <span class=\"camera\">Canon EOS 40D</span>"))
        #expect(page.contains("alt=\"IMG_0001.HEIC, 12:00\""))
        // Shown whole in a square slot no wider than the thumbnail's long side: 1x is the thumbnail, in either orientation.
        #expect(page.contains("srcset=\"../thumbs/2025/IMG_0001_256.jpg 1x, ../large/2025/IMG_0001_1024.jpg 4.0x\""))
        #expect(page.contains("width=\"256\" height=\"192\" loading=\"lazy\""))
        #expect(page.contains("alt=\"Four-cut sheet of Thursday, 10 April 2025\" width=\"600\" height=\"1800\""))
        // With reduced motion, a still of the day's first photo and a link that plays the animation.
        #expect(page.contains("<picture><source media=\"(prefers-reduced-motion: reduce)\" srcset=\"../large/2025/"))
        #expect(page.contains("<img class=\"animation\" src=\"../animations/2025-04-10.gif\" data-still=\"../large/2025/"))
        #expect(page.contains("alt=\"Animation of the photos of Thursday, 10 April 2025\""))
        #expect(page.contains("<p class=\"play\"><a href=\"../animations/2025-04-10.gif\">Play the animation</a></p>"))
        let names = ["한글 사진 #1.jpg", "&lt;b&gt;", "IMG_0001.HEIC", "IMG_0002.HEIC", "100% sure?.jpg"]
        let positions = names.map { page.firstRange(of: "<span class=\"name\"><bdi>" + $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())

        let first = try folder.text("days/2025-03-30.html")
        #expect(!first.contains("rel=\"prev\"") && first.contains("rel=\"next\""))
        let last = try folder.text("days/2025-04-20.html")
        #expect(last.contains("rel=\"prev\"") && !last.contains("rel=\"next\""))
        #expect(last.contains("<video src=\"../animations/2025-04-20.mp4\" aria-label=\"Animation of the photos of Sunday, 20 April 2025\""))
        // A photo without date or camera gets its name as alt text and no time
        let scan = try folder.text("days/2025-04-11.html")
        #expect(scan.contains("alt=\"scan.png\"") && !scan.contains("<figcaption><span class=\"name\"><bdi>scan.png</bdi></span> "))
    }

    @Test func calendarCellsLinkToDaysWithCoverAndCount() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: days, options: GalleryOptions(), to: folder.path)
        let month = try folder.text("months/2025-04.html")
        #expect(month.contains("<td class=\"has-photos\"><a href=\"../days/2025-04-10.html\" aria-label=\"Thursday, 10 April 2025, 5 photos\" data-view="))
        #expect(month.contains("<img src=\"../thumbs/2025/%ED%95%9C%EA%B8%80%20%EC%82%AC%EC%A7%84%20%231_256.jpg\""))
        #expect(month.contains("<span class=\"count\">1 photo</span>"))
        #expect(month.contains("<td><span class=\"number\">9</span></td>"))
        // April 2025 starts on a Tuesday: one blank cell with Monday first
        #expect(firstRow(of: "m-2025-04", in: month).hasPrefix("<td class=\"outside\"></td>\n<td><span class=\"number\">1</span>"))
        #expect(month.contains("<th scope=\"col\"><abbr title=\"Monday\">Mon</abbr></th>"))
        // The index links the calendar: each month's tile, and the latest month's by name
        let index = try folder.text("index.html")
        #expect(index.contains("<p class=\"calendar-link\"><a href=\"months/2025-04.html\">Calendar: April 2025</a></p>"))
        #expect(!index.contains("<table class=\"month\""))
    }

    @Test func sundayStart() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: days, options: GalleryOptions(weekStart: .sunday), to: folder.path)
        let april = try folder.text("months/2025-04.html")
        #expect(april.contains("<tr><th scope=\"col\"><abbr title=\"Sunday\">Sun</abbr></th><th scope=\"col\"><abbr title=\"Monday\">Mon</abbr></th>"))
        // April 2025 starts on a Tuesday: two blank cells with Sunday first
        let row = firstRow(of: "m-2025-04", in: april)
        #expect(row.hasPrefix("<td class=\"outside\"></td>\n<td class=\"outside\"></td>\n<td><span class=\"number\">1</span>"))
        // With Sunday first, Sunday 30 March starts the last row of March
        #expect(try folder.text("months/2025-03.html").contains("<tr>\n<td class=\"has-photos\"><a href=\"../days/2025-03-30.html\""))
    }

    @Test func koreanLocale() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: days, options: GalleryOptions(title: "우리 가족", locale: .ko), to: folder.path)
        let index = try folder.text("index.html")
        #expect(index.contains("<html lang=\"ko\">"))
        #expect(index.contains("<span class=\"name\">2025년 4월</span>"))
        #expect(index.contains("<a href=\"years/2025.html\">2025년</a>"))
        #expect(index.contains("<h2 id=\"recent-days\">최근 날들</h2>"))
        let month = try folder.text("months/2025-04.html")
        let headers = PageLinkScanner.values(of: "title", in: month).filter { $0.hasSuffix("요일") }
        #expect(Array(headers.prefix(7)) == ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"])
        #expect(month.contains("<abbr title=\"월요일\">월</abbr>"))
        #expect(month.contains("<span class=\"count\">5장</span>"))
        let page = try folder.text("days/2025-04-10.html")
        #expect(page.contains("<html lang=\"ko\">"))
        #expect(page.contains("<h1><time datetime=\"2025-04-10\">2025년 4월 10일 목요일</time></h1>"))
        #expect(page.contains("<h2 id=\"four-cut\">네컷 사진</h2>"))
        #expect(page.contains(">2025년 4월</a>"))
        let year = try folder.text("years/2025.html")
        #expect(year.contains("<h1>2025년</h1>"))
        #expect(year.contains("<span class=\"name\">4월</span> <span class=\"count\">10장</span>"))
    }

    @Test func englishNames() {
        let date = GallerySamples.date("2025-04-10")
        #expect(GalleryLocale.en.dayTitle(date) == "Thursday, 10 April 2025")
        #expect(GalleryLocale.ko.dayTitle(date) == "2025년 4월 10일 목요일")
        #expect(GalleryLocale.en.monthTitle(year: 2025, month: 12) == "December 2025")
        #expect(Weekday.monday.week.map(GalleryLocale.en.weekdayAbbreviation) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(Weekday.monday.week.map(GalleryLocale.ko.weekdayAbbreviation) == ["월", "화", "수", "목", "금", "토", "일"])
    }

    @Test(arguments: [("a/b.GIF", AnimationMedia.image), ("x.webp", .image), ("x.mp4", .video), ("v.MP4", .video),
                      ("x.webm", .video), ("noextension", .image), ("dir.mp4/x.gif", .image)])
    func animationMediaByExtension(path: String, media: AnimationMedia) {
        #expect(AnimationMedia(path: path) == media)
    }

    // MARK: Writing

    @Test func sameInputGivesSameBytesAndSecondWriteChangesNothing() throws {
        let folder = GalleryFolder()
        let first = try GalleryWriter.write(days: days, options: GalleryOptions(), to: folder.path)
        #expect(first.written == 3 + 1 + 2 + days.count && first.unchanged == 0 && first.removed == 0)
        let files = first.writtenFiles
        let bytes = try files.map { try folder.text($0) }
        let times = files.map(folder.modificationTime)

        let second = try GalleryWriter.write(days: days.reversed(), options: GalleryOptions(), to: folder.path)
        #expect(second.written == 0)
        #expect(second.unchanged == files.count)
        #expect(try files.map { try folder.text($0) } == bytes)
        #expect(files.map(folder.modificationTime) == times)

        let other = GalleryFolder()
        _ = try GalleryWriter.write(days: days, options: GalleryOptions(), to: other.path)
        #expect(try files.map { try other.text($0) } == bytes)
    }

    @Test func changingOneDayRewritesOnlyItsPageItsMonthItsYearAndTheIndex() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: days, options: GalleryOptions(), to: folder.path)
        let untouched = folder.modificationTime("days/2025-04-10.html")

        var changed = days
        changed[3].photos.append(GallerySamples.photo("IMG_0299.JPG", "2025-04-20", 19))
        let summary = try GalleryWriter.write(days: changed, options: GalleryOptions(), to: folder.path)
        #expect(summary.writtenFiles.sorted() == ["days/2025-04-20.html", "index.html", "months/2025-04.html", "years/2025.html"])
        #expect(summary.unchanged == 3 + 1 + 2 + days.count - 4)
        #expect(summary.keys["months/2025-03.html"] != nil && summary.unchangedFiles.contains("months/2025-03.html"))
        #expect(folder.modificationTime("days/2025-04-10.html") == untouched)
        #expect(try folder.text("days/2025-04-20.html").contains("IMG_0299.JPG"))
    }

    @Test func removedDayLosesItsPageAndOtherFilesStay() throws {
        // Given a gallery, a file of the user's own in days/, and a name the gallery never writes
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: days, options: GalleryOptions(), to: folder.path)
        try AtomicFile.write(Array("mine".utf8), to: folder.path + "/days/notes.html")
        try AtomicFile.write(Array("mine".utf8), to: folder.path + "/days/2025-4-1.html")

        // When the day of 11 April is gone
        var fewer = days
        fewer.remove(at: 2)
        let summary = try GalleryWriter.write(days: fewer, options: GalleryOptions(), to: folder.path)

        // Then its page is deleted, its neighbours link past it, and other files stay
        #expect(summary.removedFiles == ["days/2025-04-11.html"])
        #expect(!FileBytes.exists(folder.path + "/days/2025-04-11.html"))
        #expect(summary.writtenFiles.sorted() == ["days/2025-04-10.html", "days/2025-04-20.html", "index.html",
                                                  "months/2025-04.html", "years/2025.html"])
        #expect(try folder.text("days/2025-04-10.html").contains("<a rel=\"next\" href=\"2025-04-20.html\">"))
        #expect(FileBytes.exists(folder.path + "/days/notes.html"))
        #expect(FileBytes.exists(folder.path + "/days/2025-4-1.html"))

        // And an empty gallery keeps only its index, stylesheet and script
        let empty = try GalleryWriter.write(days: [], options: GalleryOptions(), to: folder.path)
        #expect(empty.removedFiles == ["days/2025-03-30.html", "days/2025-04-10.html", "days/2025-04-20.html",
                                       "years/2025.html", "months/2025-03.html", "months/2025-04.html"])
        #expect(try folder.text("index.html").contains("No photos yet."))
    }

    @Test func aFileOfTheUsersIsRefusedUnlessForcedOrTheFolderIsFilmrolls() throws {
        // Given the user's own index page and a stale-named day page of theirs
        let folder = GalleryFolder()
        try Folders.create(folder.path + "/days")
        let mine = Array("<p>mine</p>".utf8)
        try AtomicFile.write(mine, to: folder.path + "/index.html")
        try AtomicFile.write(mine, to: folder.path + "/days/2024-12-25.html")

        // Then a write leaves both, names the index, and writes the rest
        let refused = try GalleryWriter.write(days: days, to: folder.path)
        #expect(refused.refusedFiles.map(\.path) == ["index.html"])
        #expect(refused.refusedFiles.first?.reason.hasPrefix("already exists and was not made by Filmroll") == true)
        #expect(try FileBytes.read(folder.path + "/index.html") == mine)
        #expect(try FileBytes.read(folder.path + "/days/2024-12-25.html") == mine)
        #expect(GalleryMark.stylesheet.isIn(folder.path + "/style.css"))
        #expect(GalleryMark.page.isIn(folder.path + "/days/2025-04-10.html"))

        // And --force replaces the index but deletes no page of the user's; Filmroll's own folder deletes it
        let forced = try GalleryWriter.write(days: days, to: folder.path, fileGuard: GalleryFileGuard(force: true))
        #expect(forced.refusedFiles.isEmpty && forced.writtenFiles == ["index.html"] && forced.removedFiles.isEmpty)
        #expect(GalleryMark.page.isIn(folder.path + "/index.html"))
        let own = try GalleryWriter.write(days: days, to: folder.path, fileGuard: GalleryFileGuard(ownsFolder: true))
        #expect(own.removedFiles == ["days/2024-12-25.html"])
    }

    @Test func pagesAndTheStylesheetOfTheFilmrollBeforeTheMarkAreRecognised() throws {
        let folder = GalleryFolder()
        let earlierPage = #"<!DOCTYPE html><html><head><meta name="generator" content="Filmroll"><title>x</title></head><body></body>"#
        try AtomicFile.write(Array(earlierPage.utf8), to: folder.path + "/a.html")
        try AtomicFile.write(Array(GalleryStylesheet.rules.utf8), to: folder.path + "/a.css")
        #expect(GalleryMark.page.isIn(folder.path + "/a.html"))
        #expect(GalleryMark.stylesheet.isIn(folder.path + "/a.css"))

        let quoted = #"<html><head><title>x</title></head><body><pre><meta name="generator" content="Filmroll"></pre>"#
        try AtomicFile.write(Array(quoted.utf8), to: folder.path + "/b.html")
        try AtomicFile.write(Array((GalleryStylesheet.rules + "body { color: red; }\n").utf8), to: folder.path + "/b.css")
        #expect(!GalleryMark.page.isIn(folder.path + "/b.html"), "a mark in the body is not the page's")
        #expect(!GalleryMark.stylesheet.isIn(folder.path + "/b.css"), "an edited earlier stylesheet is the user's")
    }

    @Test func daysAreSortedMergedAndEmptyOnesLeftOut() {
        let date = GallerySamples.date("2025-04-10")
        let morning = GalleryDay(date: date, photos: [GallerySamples.photo("a.jpg", "2025-04-10", 8)])
        let evening = GalleryDay(date: date, photos: [GallerySamples.photo("b.jpg", "2025-04-10", 20)],
                                 fourCut: "sheet.jpg")
        let empty = GalleryDay(date: GallerySamples.date("2025-04-01"), photos: [], fourCut: "x.jpg")
        let later = GalleryDay(date: GallerySamples.date("2025-05-01"), photos: [GallerySamples.photo("c.jpg", "2025-05-01", 8)])
        let days = GalleryWriter.normalized([later, morning, empty, evening])
        #expect(days.map(\.date.iso) == ["2025-04-10", "2025-05-01"])
        #expect(days[0].photos.map(\.name) == ["a.jpg", "b.jpg"])
        #expect(days[0].fourCut == "sheet.jpg")
    }

    @Test func unwritableFolderThrows() {
        #expect(throws: ImagingError.self) {
            try GalleryWriter.write(days: days, options: GalleryOptions(), to: "/proc/filmroll-gallery")
        }
    }

    /// The cells of the first week of a month's calendar in the index or its page.
    private func firstRow(of anchor: String, in index: String) -> String {
        guard let table = index.firstRange(of: "id=\"\(anchor)\""),
              let body = index[table.upperBound...].firstRange(of: "<tbody>\n<tr>\n") else { return "" }
        return String(index[body.upperBound...].prefix(200))
    }
}
