@testable import Filmroll
import Testing

/// Hidden places: great-circle radii, remembered as text, and what a plan keeps of a hidden photo.
@Suite struct HiddenPlacesTests {
    static let home = HiddenPlace(latitude: 60.1699, longitude: 24.9384, kilometres: 1)

    @Test func aPositionInsideTheRadiusIsHiddenAndOneOutsideIsNot() {
        let places = HiddenPlaces([Self.home])
        #expect(places.hides(latitude: 60.1699, longitude: 24.9474))       // 500 m east
        #expect(!places.hides(latitude: 60.2149, longitude: 24.9384))      // 5 km north
        #expect(places.shown(GPSCoordinate(latitude: 60.1744, longitude: 24.9384)) == nil)   // 500 m north
        #expect(places.shown(nil) == nil && !places.hides(nil))
        #expect(!HiddenPlaces().hides(latitude: 60.1699, longitude: 24.9384))
    }

    @Test func theRememberedTextReadsBack() throws {
        let places = HiddenPlaces([Self.home, try HiddenPlace(parsing: " -33.8688 , 151.2093 , 2.5 ")])
        #expect(places.settingText == "60.1699,24.9384,1;-33.8688,151.2093,2.5")
        #expect(HiddenPlaces(settingText: places.settingText) == places)
        #expect(HiddenPlaces(settingText: "garbage;60.1699,24.9384,1").places == [Self.home])
        #expect(HiddenPlaces(settingText: nil).isEmpty)
    }

    @Test func aBasemapInsideTheFolderIsRememberedRelative() {
        #expect(FolderSettings.stored(basemap: "/photos/maps/city.pmtiles", folder: "/photos") == "maps/city.pmtiles")
        #expect(FolderSettings.stored(basemap: "/elsewhere/city.pmtiles", folder: "/photos") == "/elsewhere/city.pmtiles")
        #expect(FolderSettings.stored(basemap: "/photos2/city.pmtiles", folder: "/photos") == "/photos2/city.pmtiles")
    }
}
