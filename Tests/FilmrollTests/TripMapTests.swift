@testable import Filmroll
import Testing
import TestSupport

/// The index's map merges places close together at its scale into linked
/// markers; days away from home close together are a trip, with a page and
/// a map linking its days, which link it back.
@Suite struct TripMapTests {
    static func day(_ iso: String, _ positions: [(Double, Double)?]) -> GalleryDay {
        LibraryPlacesTests.day(iso, positions)
    }

    static let seoul = (37.5665, 126.9780)
    static let helsinki = (60.1699, 24.9384)
    static let busan = (35.1796, 129.0756)

    /// At home in Seoul on the 1st to 3rd, in Helsinki on the 5th to 7th.
    static let homeThenAway = [
        day("2025-04-01", [seoul, (37.57, 126.99)]), day("2025-04-02", [seoul]), day("2025-04-03", [seoul]),
        day("2025-04-05", [helsinki, (60.1719, 24.9414)]), day("2025-04-06", [(60.1650, 24.9300)]), day("2025-04-07", [helsinki]),
    ]

    // MARK: Clustering

    @Test func placesCloseTogetherAtTheMapsScaleAreOneMarkerAndFarOnesAreNot() {
        let markers = LibraryMapMarkers.markers(of: [
            Self.day("2025-05-01", [Self.seoul, (37.5172, 127.0473)]),   // Seoul, 8 km apart: one place
            Self.day("2025-05-02", [Self.busan]),                        // 325 km away: a few pixels on the world
            Self.day("2025-05-03", [Self.helsinki]),                     // far
            Self.day("2025-05-04", [Self.seoul]),
        ], frame: MapDrawing.libraryFrame)
        #expect(markers.count == 2)
        let korea = markers[0], finland = markers[1]
        #expect(korea.places.count == 2 && korea.places[0].name.contains("Seoul") && korea.places[1].name.contains("Busan"))
        #expect(korea.days.map(\.iso) == ["2025-05-01", "2025-05-02", "2025-05-04"] && korea.photoCount == 4)
        #expect(korea.label(.en) == "Seoul, South Korea and 1 place nearby: 3 days")
        #expect(finland.days.map(\.iso) == ["2025-05-03"] && finland.label(.en).hasPrefix("Helsinki"))
        #expect(finland.label(.en).hasSuffix(": 1 day"))
        // Each marker links its entry in the index's list, one of a single day that day's page.
        #expect(LibraryMapFile.href(of: korea, listed: true) == "index.html#" + korea.anchor)
        #expect(LibraryMapFile.href(of: finland, listed: true) == "days/2025-05-03.html")
        // On a map of a city the same places are apart.
        let city = MapFrame(around: GeoBounds(south: 34, west: 125, north: 39, east: 131), width: 1000, aspects: 0.3...1)
        #expect(LibraryMapMarkers.markers(of: [Self.day("2025-05-01", [Self.seoul]), Self.day("2025-05-02", [Self.busan])],
                                          frame: city).count == 2)
    }

    @Test func theIndexEmbedsTheMapWhoseMarkersLinkPagesThatExist() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.homeThenAway + [Self.day("2025-05-10", [Self.busan])], options: GalleryOptions(), to: folder.path)
        let index = try folder.text("index.html")
        #expect(index.contains("<object class=\"map\" type=\"image/svg+xml\" data=\"map.svg\" aria-label=\"Map of the places where the photos were taken\""))
        let map = try folder.text("map.svg")
        let links = Self.links(in: map)
        #expect(links.count == 2)   // Seoul with Busan; Helsinki
        for link in links {
            #expect(map.contains("href=\"\(link)\" target=\"_top\" aria-label=\""))
            if let hash = link.firstIndex(of: "#") {
                #expect(String(link[..<hash]) == "index.html")
                #expect(index.contains("<li id=\"\(link[link.index(after: hash)...])\">"), "\(link)")
            } else {
                #expect(FileBytes.exists(folder.path + "/" + link), "\(link)")
            }
        }
        #expect(map.contains("aria-label=\"Helsinki, Uusimaa, Finland: 3 days\""))
        #expect(map.contains("aria-label=\"Seoul, South Korea and 1 place nearby: 4 days\""))
        // Its own focus ring, in light and dark.
        #expect(map.contains("a:focus .ring") && map.contains("prefers-color-scheme: dark"))
    }

    /// With a basemap and every photo in one city, the index's map is that city over its streets, its markers linked.
    @Test func aCitysPlacesAreDrawnOverTheBasemap() throws {
        let folder = GalleryFolder()
        var options = GalleryOptions()
        options.basemap = GalleryBasemap(BasemapDayMapTests.helsinki)
        let days = [Self.day("2025-06-01", [(60.1676, 24.9440), (60.1688, 24.9520)]), Self.day("2025-06-02", [(60.1676, 24.9441)]),
                    Self.day("2025-06-03", [(60.1720, 24.9450)])]
        _ = try GalleryWriter.write(days: days, options: options, to: folder.path)
        let map = try folder.text("map.svg")
        #expect(map.contains("</textPath>") && map.contains("OpenStreetMap"))   // streets and the data's credit
        let links = Self.links(in: map)
        #expect(links.count >= 2 && links.contains("index.html#place-1"))
        #expect(map.contains("a:focus .ring"))
        let index = try folder.text("index.html")
        #expect(index.contains("<object class=\"map\" type=\"image/svg+xml\" data=\"map.svg\""))
        #expect(index.contains("width=\"1000\"") && !index.contains("height=\"\(Int(MapDrawing.libraryFrame.height))\""))
        #expect(options.basemap?.failure == nil)
        // A photo far away: the world again.
        _ = try GalleryWriter.write(days: days + [Self.day("2025-06-09", [Self.seoul])], options: options, to: folder.path)
        #expect(!(try folder.text("map.svg")).contains("</textPath>"))
    }

    // MARK: Trips

    @Test func daysAwayFromHomeCloseTogetherAreATrip() {
        let trips = Trips.of(Self.homeThenAway)
        #expect(trips.count == 1)
        #expect(trips.first?.days.map(\.iso) == ["2025-04-05", "2025-04-06", "2025-04-07"])
        #expect(trips.first?.title(.en) == "Helsinki, 5–7 April 2025")
        #expect(trips.first?.title(.ko) == "Helsinki, 2025년 4월 5–7일")
        #expect(trips.first?.page == "trips/2025-04-05.html")
    }

    @Test func aGapOfTwoDaysADayAtHomeOrOneDayAwayIsNoTrip() {
        let home = [Self.day("2025-04-01", [Self.seoul]), Self.day("2025-04-02", [Self.seoul]), Self.day("2025-04-03", [Self.seoul]),
                    Self.day("2025-04-20", [Self.seoul])]
        // One day without photos between two away days: still one trip.
        #expect(Trips.of(home + [Self.day("2025-04-05", [Self.helsinki]), Self.day("2025-04-07", [Self.helsinki])]).count == 1)
        // Two days between: two single days, no trip.
        #expect(Trips.of(home + [Self.day("2025-04-05", [Self.helsinki]), Self.day("2025-04-08", [Self.helsinki])]).isEmpty)
        // A day at home between.
        #expect(Trips.of(home + [Self.day("2025-04-04", [Self.helsinki]), Self.day("2025-04-05", [Self.seoul]),
                                 Self.day("2025-04-06", [Self.helsinki])]).isEmpty)
        // A library of one place has no trip.
        #expect(Trips.of(home).isEmpty)
        // Two places, one day's photos mostly away: a trip across two cities, named after the one of more days.
        let trips = Trips.of(home + [Self.day("2025-04-10", [Self.busan, Self.busan, Self.seoul]), Self.day("2025-04-11", [Self.helsinki]),
                                     Self.day("2025-04-12", [Self.helsinki])])
        #expect(trips.count == 1 && trips.first?.days.count == 3 && trips.first?.shortPlaceName == "Helsinki")
        #expect(trips.first?.title(.en) == "Helsinki, 10–12 April 2025")
    }

    @Test func aTripHasAPageAndAMapLinkingItsDaysWhichLinkItBack() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.homeThenAway, options: GalleryOptions(), to: folder.path)
        let page = try folder.text("trips/2025-04-05.html")
        #expect(page.contains("<h1>Helsinki, 5–7 April 2025</h1>"))
        #expect(page.contains("<object class=\"map\" type=\"image/svg+xml\" data=\"../trips/2025-04-05-map.svg\""))
        let map = try folder.text("trips/2025-04-05-map.svg")
        #expect(Self.links(in: map) == ["../days/2025-04-05.html", "../days/2025-04-06.html", "../days/2025-04-07.html"])
        #expect(map.contains("aria-label=\"Day 1, Saturday, 5 April 2025: 2 photos\""))
        #expect(map.contains("class=\"leg l0\"") && map.contains("class=\"stop d1\"") && map.contains("class=\"stop d2\""))
        #expect(map.utf8.count <= 400_000)
        for day in ["05", "06", "07"] {
            #expect(page.contains("href=\"../days/2025-04-\(day).html\""))
            #expect(try folder.text("days/2025-04-\(day).html")
                .contains("<p class=\"trip\">Part of the trip <a href=\"../trips/2025-04-05.html\">Helsinki, 5–7 April 2025</a></p>"))
        }
        for day in ["01", "02", "03"] { #expect(!(try folder.text("days/2025-04-\(day).html")).contains("trips/")) }
        let index = try folder.text("index.html")
        #expect(index.contains("<h2 id=\"trips\">Trips</h2>\n<ul>\n<li><a href=\"trips/2025-04-05.html\">Helsinki, 5–7 April 2025</a>"))

        // The trip's photos gone: its page and map go, and nothing links them.
        _ = try GalleryWriter.write(days: Array(Self.homeThenAway.prefix(3)), options: GalleryOptions(), to: folder.path)
        #expect(!FileBytes.exists(folder.path + "/trips/2025-04-05.html"))
        #expect(!FileBytes.exists(folder.path + "/trips/2025-04-05-map.svg"))
        #expect(!(try folder.text("index.html")).contains("trips/"))
    }

    /// A trip within a city the basemap covers is drawn over its streets, its days still linked.
    @Test func aTripWithinTheBasemapIsDrawnOverItsStreets() throws {
        let folder = GalleryFolder()
        var options = GalleryOptions()
        options.basemap = GalleryBasemap(BasemapDayMapTests.helsinki)
        let days = Array(Self.homeThenAway.prefix(3)) + [Self.day("2025-04-05", [(60.1676, 24.9440), (60.1688, 24.9520)]),
                                                          Self.day("2025-04-06", [(60.1720, 24.9450)])]
        _ = try GalleryWriter.write(days: days, options: options, to: folder.path)
        let map = try folder.text("trips/2025-04-05-map.svg")
        #expect(map.contains("</textPath>") && map.contains("OpenStreetMap"))
        #expect(Self.links(in: map) == ["../days/2025-04-05.html", "../days/2025-04-06.html"])
        #expect(map.contains(".d1 {") && map.contains("class=\"leg l0\""))
        #expect(map.utf8.count <= 400_000)
        // Without the basemap, the shores.
        _ = try GalleryWriter.write(days: days, options: GalleryOptions(), to: folder.path)
        #expect(!(try folder.text("trips/2025-04-05-map.svg")).contains("</textPath>"))
    }

    /// The `href`s of a map's links, in order.
    static func links(in svg: String) -> [String] {
        svg.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}
