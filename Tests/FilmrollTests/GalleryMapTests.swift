@testable import Filmroll
import Testing
import TestSupport

/// Maps drawn offline: a day with positions gets its route over land and
/// sea, the index the library's places; a day without positions gets none,
/// and a map no longer called for goes.
@Suite struct GalleryMapTests {
    static func photo(_ name: String, _ day: String, _ hour: Int, _ position: (Double, Double)?) -> GalleryPhoto {
        var photo = GallerySamples.photo(name, day, hour)
        photo.details.gps = position.map { GPSCoordinate(latitude: $0.0, longitude: $0.1) }
        return photo
    }

    static let seoul = GalleryDay(date: GallerySamples.date("2025-05-03"), photos: [
        photo("A.jpg", "2025-05-03", 9, (37.5796, 126.9770)), photo("B.jpg", "2025-05-03", 12, (37.5512, 126.9882)),
        photo("C.jpg", "2025-05-03", 18, (37.5172, 127.0473)),
    ])
    static let noPositions = GalleryDay(date: GallerySamples.date("2025-05-04"), photos: [photo("D.jpg", "2025-05-04", 9, nil)])
    static let pacific = GalleryDay(date: GallerySamples.date("2025-05-05"), photos: [
        photo("E.jpg", "2025-05-05", 9, (-30, -140)), photo("F.jpg", "2025-05-05", 10, (-30.01, -140.02)),
    ])

    @Test func aDayWithPositionsHasItsRouteAndTheIndexTheLibrarysPlaces() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: [Self.seoul, Self.noPositions, Self.pacific], options: GalleryOptions(), to: folder.path)
        let map = try folder.text("days/2025-05-03-map.svg")
        #expect(map.hasPrefix("<!-- Filmroll gallery -->\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(map.contains("<title>Map of where the photos of Saturday, 3 May 2025 were taken, in time order</title>"))
        #expect(PageLinkScanner.count(of: "<circle", in: map) == 3)
        #expect(PageLinkScanner.count(of: "<polyline class=\"route\"", in: map) == 1)
        #expect(map.contains("<path class=\"land"))          // Seoul is on land
        #expect(map.contains(" km</text>"))
        let day = try folder.text("days/2025-05-03.html")
        #expect(day.contains("<img src=\"../days/2025-05-03-map.svg\" alt=\"Map of where the photos of Saturday, 3 May 2025 were taken"))

        #expect(!FileBytes.exists(folder.path + "/days/2025-05-04-map.svg"))
        #expect(!(try folder.text("days/2025-05-04.html")).contains("map.svg"))
        #expect(!(try folder.text("days/2025-05-05-map.svg")).contains("class=\"land\""))   // mid-Pacific: sea only

        let index = try folder.text("index.html")
        #expect(index.contains("<object class=\"map\" type=\"image/svg+xml\" data=\"map.svg\" aria-label=\"Map of the places where the photos were taken\""))
        let world = try folder.text("map.svg")
        #expect(PageLinkScanner.count(of: "<circle class=\"marker\"", in: world) == 2)   // Seoul's three are one place at this scale

        // Without positions, the maps go.
        _ = try GalleryWriter.write(days: [Self.noPositions], options: GalleryOptions(), to: folder.path)
        #expect(!FileBytes.exists(folder.path + "/map.svg"))
        #expect(!FileBytes.exists(folder.path + "/days/2025-05-03-map.svg"))
        #expect(!(try folder.text("index.html")).contains("map.svg"))
    }

    @Test func theLandOutlinesAreTheWorlds() {
        // Natural Earth's 1:110m countries: 288 rings, 10,643 points, Korea among them.
        #expect(LandOutlines.rings.count > 250)
        #expect(LandOutlines.rings.reduce(0) { $0 + $1.points.count } > 10_000)
        let seoul = GeoBounds(south: 37.5, west: 126.9, north: 37.6, east: 127.0)
        #expect(LandOutlines.rings.contains { $0.bounds.intersects(seoul) })
    }
}
