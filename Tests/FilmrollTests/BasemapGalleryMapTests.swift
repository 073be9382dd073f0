@testable import Filmroll
import Testing
import TestSupport

/// A gallery whose options carry a basemap draws its day maps over the
/// streets, each photo's number linking its page; a basemap that fails
/// leaves the built-in map and one failure to report.
@Suite struct BasemapGalleryMapTests {
    static let day = GalleryDay(date: GallerySamples.date("2025-06-01"), photos: [
        GalleryMapTests.photo("A.jpg", "2025-06-01", 9, (60.1676, 24.9440)),
        GalleryMapTests.photo("B.jpg", "2025-06-01", 11, nil),
        GalleryMapTests.photo("C.jpg", "2025-06-01", 12, (60.1688, 24.9520)),
    ])

    @Test func aDaysMapIsDrawnFromTheBasemapAndRedrawnWhenItChanges() throws {
        let folder = GalleryFolder()
        var options = GalleryOptions()
        options.basemap = GalleryBasemap(BasemapDayMapTests.helsinki)
        let written = try GalleryWriter.write(days: [Self.day], options: options, to: folder.path)
        _ = written
        let map = try folder.text("days/2025-06-01-map.svg")
        #expect(map.contains(">Pohjoisesplanadi</textPath>"))
        let links = map.split(separator: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(links.count == 2)   // B has no position
        let day = Self.day
        let expected = [day.photos[0], day.photos[2]].map { "../" + URLPath.encode($0.page ?? $0.large) }
        #expect(links == expected)
        #expect(options.basemap?.failure == nil)

        // Keys: the basemap's identity is in the map's, and only there.
        let plain = DayMapFile(day: day, options: GalleryOptions())
        let drawn = DayMapFile(day: day, options: options)
        var other = options
        var moved = BasemapDayMapTests.helsinki
        moved.path = "/nowhere/other.pmtiles"
        other.basemap = GalleryBasemap(moved)
        #expect(plain.key != drawn.key)
        #expect(drawn.key != DayMapFile(day: day, options: other).key)
        #expect(drawn.key == DayMapFile(day: day, options: options).key)
    }

    @Test func aBasemapThatFailsLeavesTheBuiltInMapAndOneFailure() throws {
        let folder = GalleryFolder()
        var broken = BasemapDayMapTests.helsinki
        broken.failsEverywhere = true
        var options = GalleryOptions()
        options.basemap = GalleryBasemap(broken)
        _ = try GalleryWriter.write(days: [Self.day], options: options, to: folder.path)
        let map = try folder.text("days/2025-06-01-map.svg")
        #expect(map.contains("<polyline class=\"route\""))   // MapDrawing.day's
        #expect(!map.contains("textPath"))
        #expect(options.basemap?.failure?.path == "/nowhere/memory.pmtiles")
        #expect((options.basemap?.skippedTiles ?? 0) > 0)
    }
}
