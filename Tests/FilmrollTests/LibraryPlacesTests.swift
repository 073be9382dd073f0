@testable import Filmroll
import Testing
import TestSupport

/// The index's map lists the library's places, clustered at a city's scale,
/// each linking its days.
@Suite struct LibraryPlacesTests {
    static func day(_ iso: String, _ positions: [(Double, Double)?]) -> GalleryDay {
        GalleryDay(date: GallerySamples.date(iso), photos: positions.enumerated().map { index, position in
            GalleryMapTests.photo("\(iso)-\(index).jpg", iso, 9 + index, position)
        })
    }

    static let library = [
        day("2025-05-01", [(37.5796, 126.9770), (37.5172, 127.0473)]),   // Seoul, 8 km apart
        day("2025-05-02", [(37.5512, 126.9882)]),                        // Seoul
        day("2025-05-03", [(35.1796, 129.0756)]),                        // Busan, 325 km away
        day("2025-06-10", [(60.1699, 24.9384), (60.1719, 24.9414)]),     // Helsinki
        day("2025-06-11", [nil]),
        day("2025-07-01", [(37.60, 126.95)]),                            // Seoul again
    ]

    @Test func positionsWithinTheRadiusAreOnePlaceWithItsDays() {
        let places = LibraryPlaces.clusters(of: Self.library)
        #expect(places.count == 3)
        #expect(places[0].photoCount == 4 && places[0].days.map(\.iso) == ["2025-05-01", "2025-05-02", "2025-07-01"])
        #expect(places[0].name.contains("Seoul"))
        #expect(places[1].days.map(\.iso) == ["2025-06-10"] && places[1].photoCount == 2)
        #expect(places[1].name.contains("Helsinki"))
        #expect(places[2].days.map(\.iso) == ["2025-05-03"] && places[2].name.contains("Busan"))
    }

    /// Across the antimeridian and near a pole, the grid still finds the cluster.
    @Test func theGridWrapsAroundTheWorld() {
        let places = LibraryPlaces.clusters(of: [
            Self.day("2025-01-01", [(-16.5, 179.99), (-16.5, -179.99)]),
            Self.day("2025-01-02", [(78.2, 15.6), (78.25, 15.2)]),
        ])
        #expect(places.count == 2)
        #expect(places.allSatisfy { $0.photoCount == 2 })
    }

    @Test func theIndexListsEachPlaceLinkingItsLatestDayAndItsDays() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.library, options: GalleryOptions(), to: folder.path)
        let index = try folder.text("index.html")
        #expect(index.contains("<ul class=\"map-places\">"))
        // Seoul: linked to its latest day, with its 3 days newest first.
        // (Busan, a few pixels from Seoul on the world, shares its marker and entry.)
        #expect(index.contains("<li id=\"place-1\"><a href=\"days/2025-07-01.html\">Seoul, South Korea and 1 place nearby</a>"
            + " <span class=\"count\">4 days</span>"
            + " <span class=\"place-days\"><a href=\"days/2025-07-01.html\">2025-07-01</a> · <a href=\"days/2025-05-03.html\">2025-05-03</a> · "
            + "<a href=\"days/2025-05-02.html\">2025-05-02</a> · <a href=\"days/2025-05-01.html\">2025-05-01</a></span></li>"))
        #expect(index.contains("<a href=\"days/2025-06-10.html\">Helsinki, Uusimaa, Finland</a> <span class=\"count\">1 day</span></li>"))
        #expect(PageLinkScanner.count(of: "\"><a href=\"days/", in: index) >= 2)
        // Every linked day page is there.
        for day in ["2025-07-01", "2025-05-02", "2025-05-01", "2025-06-10", "2025-05-03"] {
            #expect(FileBytes.exists(folder.path + "/days/\(day).html"))
        }
    }

    @Test func aLibraryWithoutPositionsListsNoPlaces() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: [Self.day("2025-05-04", [nil])], options: GalleryOptions(), to: folder.path)
        #expect(!(try folder.text("index.html")).contains("map-places"))
    }
}
