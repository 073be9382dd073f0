import Catalog
import Testing

@Suite struct QueryTests {
    let fixture: PhotoFolderFixture
    let catalog: Catalog

    init() throws {
        fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        try fixture.index()
        catalog = try fixture.catalog()
    }

    @Test(arguments: [
        (PhotoQuery(day: "2025-04-10"), ["IMG_0001", "IMG_0002", "IMG_0003"]),
        (PhotoQuery(day: "2025-04-12"), ["IMG_0005", "IMG_0006"]),
        (PhotoQuery(month: "2025-04"), ["IMG_0001", "IMG_0002", "IMG_0003", "IMG_0004", "IMG_0005", "IMG_0006"]),
        (PhotoQuery(month: "2025-05"), []),
        (PhotoQuery(from: "2025-04-11", to: "2025-04-12"), ["IMG_0004", "IMG_0005", "IMG_0006"]),
        (PhotoQuery(camera: "fixture"), ["IMG_0001", "IMG_0002", "IMG_0003", "IMG_0004", "IMG_0005", "IMG_0006"]),
        (PhotoQuery(camera: "iPhone"), []),
        (PhotoQuery(camera: "%"), []),
    ])
    func filtersOrderedByTimeTaken(query: PhotoQuery, names: [String]) throws {
        let photos = try catalog.photos(matching: query)
        #expect(photos.map { String($0.path.dropFirst(5).prefix(8)) } == names)
    }

    @Test func aprilCalendarOfTheDatedPhotos() throws {
        let calendar = try catalog.calendar(year: 2025, month: 4)
        #expect(calendar.counts == [10: 3, 11: 1, 12: 2])
        #expect(calendar.total == 6)
        #expect(calendar.weeks.first == [nil, 1, 2, 3, 4, 5, 6])   // 1 April 2025 is a Tuesday
        #expect(calendar.rendered == """
            April 2025: 6 photos
               Mon   Tue   Wed   Thu   Fri   Sat   Sun
                       1     2     3     4     5     6
                 7     8     9  10·3  11·1  12·2    13
                14    15    16    17    18    19    20
                21    22    23    24    25    26    27
                28    29    30
            """)
        let (year, month) = try #require(try catalog.latestMonth())
        #expect(year == 2025 && month == 4)
    }

    @Test(arguments: [(2024, 2, 29, 3), (2023, 2, 28, 2), (2026, 11, 30, 6), (2000, 1, 31, 5)])
    func monthShapes(year: Int, month: Int, days: Int, firstWeekday: Int) {
        let calendar = MonthCalendar(year: year, month: month, counts: [:])
        #expect(calendar.daysInMonth == days)
        #expect(calendar.weekday(of: 1) == firstWeekday)
    }

    @Test func statsCountPhotosCamerasAndDays() throws {
        let stats = try catalog.stats()
        #expect(stats.photos == 6)
        #expect(stats.firstDay == "2025-04-10")
        #expect(stats.lastDay == "2025-04-12")
        #expect(stats.cameras.map(\.name) == ["Filmroll Fixture Cam"])
        #expect(stats.bytes > 7000)
    }
}
