@testable import Filmroll
import Imaging
import Testing
import TestSupport

/// A day's page names its places once each, the parts they share said once:
/// "Kaartinkaupunki, Kluuvi (Helsinki, Uusimaa, Finland)".
@Suite struct DayPlaceNamesTests {
    @Test func namesEndingAlikeShareTheirEnd() {
        #expect(DayPlaceNames.grouped(["Kaartinkaupunki, Helsinki, Uusimaa, Finland", "Kluuvi, Helsinki, Uusimaa, Finland",
                                       "Espoo, Uusimaa, Finland", "Keskusta, Helsinki, Uusimaa, Finland", "Antarctica"])
                == ["Kaartinkaupunki, Kluuvi, Keskusta (Helsinki, Uusimaa, Finland)", "Espoo, Uusimaa, Finland", "Antarctica"])
        #expect(DayPlaceNames.grouped(["Helsinki, Uusimaa, Finland", "Espoo, Uusimaa, Finland"]) == ["Helsinki, Espoo (Uusimaa, Finland)"])
        #expect(DayPlaceNames.grouped(["Seoul, South Korea"]) == ["Seoul, South Korea"])
        #expect(DayPlaceNames.grouped([]).isEmpty)
    }

    @Test func aWalkThroughDistrictsNamesTheCityOnce() throws {
        let folder = TemporaryFolder()
        try BasemapProcessTests.walk(in: folder)
        let (code, run) = CommandRunner.run("process", folder.file("walk"), "--basemap", Fixtures.path("basemap/helsinki.pmtiles"), "--quiet")
        #expect(code == .success, "\(run.stderr)")
        let page = String(decoding: try FileBytes.read(folder.file("walk/.filmroll/gallery/days/2024-06-01.html")), as: UTF8.self)
        let places = page.components(separatedBy: "<p class=\"places\">").dropFirst().first?.components(separatedBy: "</p>").first ?? ""
        #expect(places.components(separatedBy: "Uusimaa, Finland").count == 2, "\(places)")
        #expect(places.contains("(Helsinki, Uusimaa, Finland)</bdi>"), "\(places)")
    }
}
