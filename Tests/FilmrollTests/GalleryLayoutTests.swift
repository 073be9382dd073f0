@testable import Filmroll
import Testing
import TestSupport

/// Months and years are pages of their own, so that no page grows with the
/// library: the index sums it up (its years, its latest months, "On this
/// day", its map), a year page shows its twelve months, a month page its
/// calendar; the long lists of the other pages are cut short.
@Suite struct GalleryLayoutTests {
    /// One day of two photos in each of `months` months from `start` (the
    /// 1st of each month, then the 2nd in the next year…, so that no month-day has two years).
    static func library(months: Int, from start: (year: Int, month: Int) = (2020, 1)) -> [GalleryDay] {
        (0..<months).map { offset in
            let year = start.year + (start.month - 1 + offset) / 12, month = (start.month - 1 + offset) % 12 + 1
            let iso = "\(digits(year, 4))-\(digits(month, 2))-\(digits(1 + (year - start.year) % 28, 2))"
            return GalleryDay(date: GallerySamples.date(iso), photos: [GallerySamples.photo("A\(offset).jpg", iso, 9),
                                                                       GallerySamples.photo("B\(offset).jpg", iso, 10)])
        }
    }

    @Test func monthsAndYearsHaveTheirPagesLinkedUpAndAcross() throws {
        // Given photos in November 2024, January 2025 and April 2025 (none in between)
        let folder = GalleryFolder()
        let days = [OnThisDayTests.day("2024-11-03", ["A.jpg"]), OnThisDayTests.day("2025-01-05", ["B.jpg", "C.jpg"]),
                    OnThisDayTests.day("2025-04-10", ["D.jpg"]), OnThisDayTests.day("2025-04-11", ["E.jpg"])]
        let summary = try GalleryWriter.write(days: days, options: GalleryOptions(), to: folder.path)
        #expect(summary.writtenFiles.filter { $0.hasPrefix("months/") || $0.hasPrefix("years/") }.sorted()
            == ["months/2024-11.html", "months/2025-01.html", "months/2025-04.html", "years/2024.html", "years/2025.html"])

        // Then a month page links the months with photos beside it, its year and its days
        let january = try folder.text("months/2025-01.html")
        #expect(january.contains("<a rel=\"prev\" href=\"../months/2024-11.html\">"))
        #expect(january.contains("<a rel=\"next\" href=\"../months/2025-04.html\">"))
        #expect(january.contains("<li class=\"up\"><a href=\"../years/2025.html\">2025</a></li>"))
        #expect(january.contains("<a href=\"../days/2025-01-05.html\" aria-label=\"Sunday, 5 January 2025, 2 photos\" data-view="))
        #expect(january.contains("<p class=\"summary\">2 photos · 1 day</p>"))
        #expect(!(try folder.text("months/2024-11.html")).contains("rel=\"prev\""))
        #expect(!(try folder.text("months/2025-04.html")).contains("rel=\"next\""))

        // And a year page shows twelve months, linking those with photos, and the years beside it
        let year = try folder.text("years/2025.html")
        #expect(PageLinkScanner.count(of: "<li><a href=\"../months/", in: year) == 2)
        #expect(PageLinkScanner.count(of: "<li class=\"empty\">", in: year) == 10)
        #expect(year.contains("<a href=\"../months/2025-01.html\" aria-label=\"January 2025, 2 photos\">"))
        #expect(year.contains("<a href=\"../months/2025-04.html\" aria-label=\"April 2025, 2 photos\">"))
        #expect(year.contains("<li class=\"empty\"><span class=\"name\">February</span>"))
        #expect(year.contains("<a rel=\"prev\" href=\"../years/2024.html\">") && !year.contains("rel=\"next\""))
        #expect(year.contains("<p class=\"summary\">4 photos · 3 days</p>"))

        // And a day page links up to its month's page; the index links every year
        #expect(try folder.text("days/2025-01-05.html").contains("<li class=\"month\"><a href=\"../months/2025-01.html\">January 2025</a></li>"))
        let index = try folder.text("index.html")
        #expect(index.contains("<li><a href=\"years/2025.html\">2025</a> <span class=\"count\">4 photos</span></li>"))
        #expect(index.contains("<li><a href=\"years/2024.html\">2024</a> <span class=\"count\">1 photo</span></li>"))
        #expect(index.contains("<p class=\"summary\">5 photos · 4 days</p>"))
    }

    @Test func photoPagesWrittenOnSeveralThreadsAreThoseOneThreadWrites() throws {
        // Given a library of 80 photos, each with its page, written on one thread and on four
        // (in two batches of pages: 16 a thread at a time)
        let days = Self.library(months: 40).map { day in
            var day = day
            for index in day.photos.indices {
                let stem = day.photos[index].name.split(separator: ".")[0]
                day.photos[index].page = "photos/\(day.date.year)/\(stem).html"
            }
            return day
        }
        let one = GalleryFolder(), four = GalleryFolder()
        let alone = try GalleryWriter.write(days: days, options: GalleryOptions(), to: one.path, jobs: 1)
        let shared = try GalleryWriter.write(days: days, options: GalleryOptions(), to: four.path, jobs: 4)

        // Then the same files are written, listed in the same order, with the same keys and bytes
        #expect(shared.writtenFiles == alone.writtenFiles && shared.keys == alone.keys)
        let photoPages = alone.writtenFiles.filter { $0.hasPrefix("photos/") }
        #expect(photoPages.count == 80)
        for page in alone.writtenFiles { #expect(try four.text(page) == one.text(page), "\(page)") }
    }

    @Test func theIndexShowsOnlyTheLatestMonthsAndStaysTheSameSize() throws {
        // Given a library of 3 months and one of 60
        let small = GalleryFolder(), large = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.library(months: 3, from: (2024, 10)), options: GalleryOptions(), to: small.path)
        _ = try GalleryWriter.write(days: Self.library(months: 60), options: GalleryOptions(), to: large.path)
        let smallIndex = try small.text("index.html"), largeIndex = try large.text("index.html")

        // Then the large one's index holds the tiles of its latest days and months, newest first, no calendar, and a line per year
        #expect(PageLinkScanner.count(of: "<table class=\"month\"", in: largeIndex) == 0)
        #expect(PageLinkScanner.count(of: "<li><a href=\"days/", in: largeIndex) == IndexPage.recentDayCount)
        #expect(PageLinkScanner.count(of: "<li><a href=\"months/", in: largeIndex) == IndexPage.recentMonthCount)
        let order = ["2024-12", "2024-11", "2024-10"].map { largeIndex.firstRange(of: "months/\($0).html")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(largeIndex.contains("days/2024-12-05.html") && !largeIndex.contains("days/2023-12-04.html"))
        #expect(!largeIndex.contains("months/2023-12.html") && !largeIndex.contains("months/2020-01.html"))
        #expect(PageLinkScanner.count(of: "<a href=\"years/", in: largeIndex) == 5)

        // And it is about the size of the small one's: the years' lines aside, the same
        #expect(largeIndex.utf8.count < smallIndex.utf8.count + 5 * 100 + (IndexPage.recentMonthCount - 3) * 600
            + (IndexPage.recentDayCount - 3) * 600)
        #expect(largeIndex.utf8.count < 20_000)
        #expect(FileBytes.exists(large.path + "/months/2020-01.html") && FileBytes.exists(large.path + "/years/2020.html"))
    }

    @Test func theProblemsPageListsTheFirstThousandAndCountsTheRest() throws {
        let folder = GalleryFolder()
        let problems = (0..<1_200).map { GalleryProblem(kind: .unreadable, path: "bad\($0).jpg", reason: "truncated") }
            + (0..<5).map { GalleryProblem(kind: .skipped, path: "notes\($0).txt", reason: "not a photo") }
        _ = try GalleryWriter.write(days: GallerySamples.days, problems: problems, options: GalleryOptions(), to: folder.path)
        let page = try folder.text("problems.html")
        #expect(PageLinkScanner.count(of: "<li><span class=\"name\">", in: page) == ProblemsPage.listLimit)
        #expect(page.contains("<h2 id=\"unreadable\">1200 photos could not be read</h2>"))
        #expect(page.contains("<li class=\"more\">and 200 more</li>"))
        #expect(page.contains("<h2 id=\"skipped\">5 files are not photos</h2>"))
        #expect(page.contains("<li class=\"more\">and 5 more</li>"))
        #expect(try folder.text("index.html").contains("1205 files not shown"))
    }
}
