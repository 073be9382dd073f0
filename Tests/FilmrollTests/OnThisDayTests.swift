@testable import Filmroll
import Testing
import TestSupport

/// A month-day with photos from several years gets an "On this day" page,
/// newest year first; the index links it and each year's page. A month-day
/// of one year gets none; a day of many photos shows its first and links
/// its day page for the rest.
@Suite struct OnThisDayTests {
    static func day(_ iso: String, _ names: [String]) -> GalleryDay {
        GalleryDay(date: GallerySamples.date(iso), photos: names.enumerated().map { GallerySamples.photo($1, iso, 9 + $0) })
    }

    static let days = [
        day("2023-04-10", ["A.jpg"]), day("2024-04-10", ["B.jpg", "C.jpg"]), day("2025-04-10", ["D.jpg"]),
        day("2025-04-11", ["E.jpg"]),
    ]

    @Test func aMonthDayOfSeveralYearsHasItsPage() throws {
        let folder = GalleryFolder()
        let summary = try GalleryWriter.write(days: Self.days, options: GalleryOptions(), to: folder.path)
        #expect(summary.writtenFiles.contains("on-this-day/04-10.html"))
        #expect(!summary.writtenFiles.contains("on-this-day/04-11.html"))
        let page = try folder.text("on-this-day/04-10.html")
        #expect(page.contains("<h1>On 10 April</h1>"))
        #expect(page.contains("3 years"))
        let years = ["2025", "2024", "2023"].map { page.firstRange(of: "<h2 id=\"y-\($0)\">")?.lowerBound }
        #expect(years.allSatisfy { $0 != nil } && years.compactMap { $0 } == years.compactMap { $0 }.sorted())
        #expect(page.contains("<a href=\"../days/2024-04-10.html\">2024</a>"))
        #expect(page.contains("2 photos"))

        let index = try folder.text("index.html")
        #expect(index.contains("<a href=\"on-this-day/04-10.html\">10 April</a> <span class=\"count\">3 years</span>"))
        #expect(index.contains("<li><a href=\"months/2025-04.html\" aria-label=\"April 2025, "))
        let order = ["2025", "2024", "2023"].map { index.firstRange(of: "<a href=\"years/\($0).html\">\($0)</a>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())

        // One year left: the page goes, and the index loses its link and the other years.
        let again = try GalleryWriter.write(days: [Self.days[2], Self.days[3]], options: GalleryOptions(), to: folder.path)
        #expect(again.removedFiles.contains("on-this-day/04-10.html"))
        #expect(again.removedFiles.contains("years/2023.html") && again.removedFiles.contains("months/2024-04.html"))
        let single = try folder.text("index.html")
        #expect(!single.contains("on-this-day") && !single.contains("years/2024.html"))
        #expect(single.contains("<li><a href=\"months/2025-04.html\" aria-label=\"April 2025, "))
    }

    @Test func aDayOfManyPhotosShowsItsFirstAndLinksTheRest() throws {
        let folder = GalleryFolder()
        let many = (0..<(OnThisDayPage.photosPerYear + 5)).map { "M\($0).jpg" }
        _ = try GalleryWriter.write(days: [Self.day("2023-04-10", many), Self.days[2]], options: GalleryOptions(), to: folder.path)
        let page = try folder.text("on-this-day/04-10.html")
        #expect(PageLinkScanner.count(of: "<figure>", in: page) == OnThisDayPage.photosPerYear + 1)
        #expect(page.contains("<p class=\"more\"><a href=\"../days/2023-04-10.html\">5 more on this day&#39;s page</a></p>"))
        #expect(page.contains("35 photos"))
    }

    @Test func koreanTitles() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.days, options: GalleryOptions(locale: .ko), to: folder.path)
        let page = try folder.text("on-this-day/04-10.html")
        #expect(page.contains("<h1>4월 10일</h1>"))
        #expect(page.contains("3년"))
        #expect(page.contains("2장"))
    }
}
