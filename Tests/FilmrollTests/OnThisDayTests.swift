import Filmroll
import Testing
import TestSupport

/// A month-day with photos from several years gets an "On this day" page,
/// newest year first; the index links it and, spanning years, heads its
/// months by year. A month-day of one year gets none.
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
        #expect(index.contains("<h2 class=\"year\" id=\"y-2025\">2025</h2>"))
        #expect(index.contains("<caption><h3>April 2025</h3>"))
        let order = ["y-2025", "y-2024", "y-2023"].map { index.firstRange(of: "id=\"\($0)\"")?.lowerBound }
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted() && order.count == 3)

        // One year left: the page goes, and the index loses its link and year headings.
        let again = try GalleryWriter.write(days: [Self.days[2], Self.days[3]], options: GalleryOptions(), to: folder.path)
        #expect(again.removedFiles.contains("on-this-day/04-10.html"))
        let single = try folder.text("index.html")
        #expect(!single.contains("on-this-day") && !single.contains("class=\"year\""))
        #expect(single.contains("<caption><h2>April 2025</h2>"))
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
