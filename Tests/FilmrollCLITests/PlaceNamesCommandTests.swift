import Filmroll
import Imaging
import Testing
import TestSupport

/// Places named as people name them, end to end: over a basemap a photo's
/// page, its day's place line, `show` and `ls --json` say the district it
/// lies in and the rest of its name; a hidden position is named nowhere;
/// without the basemap the built-in town names it and the pages follow.
@Suite struct PlaceNamesCommandTests {
    static let fuller = "Kaartinkaupunki, Helsinki, Uusimaa, Finland"

    static func onePhoto(in folder: borrowing TemporaryFolder) throws {
        try Folders.create(folder.file("walk"))
        try folder.write(try BasemapProcessTests.photo(taken: "2024:06:01 10:00:00", latitude: 60.1650, longitude: 24.9480),
                         as: "walk/IMG_0000.jpg")
    }

    static func text(_ folder: borrowing TemporaryFolder, _ path: String) throws -> String {
        String(decoding: try FileBytes.read(folder.file(path)), as: UTF8.self)
    }

    @Test func everyOutputSaysTheDistrict() throws {
        let folder = TemporaryFolder()
        try Self.onePhoto(in: folder)
        let basemap = Fixtures.path("basemap/helsinki.pmtiles")
        let (code, run) = CommandRunner.run("process", folder.file("walk"), "--basemap", basemap, "--quiet")
        #expect(code == .success, "\(run.stderr)")
        let page = try Self.text(folder, "walk/.filmroll/gallery/photos/IMG_0000.html")
        #expect(page.contains(Self.fuller + " (60.165° N"), "\(page)")
        let day = try Self.text(folder, "walk/.filmroll/gallery/days/2024-06-01.html")
        #expect(day.contains("<bdi>\(Self.fuller)</bdi>"))

        let (_, shown) = CommandRunner.run("show", folder.file("walk/IMG_0000.jpg"))
        #expect(shown.stdout.contains("place: \(Self.fuller)\n"), "\(shown.stdout)")
        let parts = #""placeParts":{"neighbourhood":"Kaartinkaupunki","town":"Helsinki","district":"Helsinki","region":"Uusimaa","country":"Finland","countryCode":"FI"}"#
        let (_, shownJSON) = CommandRunner.run("show", folder.file("walk/IMG_0000.jpg"), "--json")
        #expect(shownJSON.stdout.contains(#""place":"\#(Self.fuller)""#), "\(shownJSON.stdout)")
        #expect(shownJSON.stdout.contains(parts), "\(shownJSON.stdout)")
        let (_, listed) = CommandRunner.run("ls", folder.file("walk"), "--json")
        #expect(listed.stdout.contains(#""place":"\#(Self.fuller)""#), "\(listed.stdout)")
        #expect(listed.stdout.contains(parts))

        // Without the basemap the built-in town names it, and the pages are made again.
        #expect(CommandRunner.run("process", folder.file("walk"), "--basemap", "none", "--quiet").code == .success)
        let redrawn = try Self.text(folder, "walk/.filmroll/gallery/photos/IMG_0000.html")
        #expect(redrawn.contains("Helsinki, Uusimaa, Finland (60.165° N"))
        #expect(!redrawn.contains("Kaartinkaupunki"))
        #expect(!CommandRunner.run("show", folder.file("walk/IMG_0000.jpg")).1.stdout.contains("Kaartinkaupunki"))
        let (_, listedAgain) = CommandRunner.run("ls", folder.file("walk"), "--json")
        #expect(listedAgain.stdout.contains(#""neighbourhood":null,"town":"Helsinki""#), "\(listedAgain.stdout)")
    }

    @Test func aHiddenPositionIsNamedNowhere() throws {
        let folder = TemporaryFolder()
        try Self.onePhoto(in: folder)
        let basemap = Fixtures.path("basemap/helsinki.pmtiles")
        let (code, run) = CommandRunner.run("process", folder.file("walk"), "--basemap", basemap,
                                            "--hide-places-near", "60.165,24.948,1", "--quiet")
        #expect(code == .success, "\(run.stderr)")
        for path in ["walk/.filmroll/gallery/photos/IMG_0000.html", "walk/.filmroll/gallery/days/2024-06-01.html",
                     "walk/.filmroll/gallery/index.html"] {
            let text = try Self.text(folder, path)
            #expect(!text.contains("Kaartinkaupunki") && !text.contains("Uusimaa"), "\(path)")
        }
        let (_, shown) = CommandRunner.run("show", folder.file("walk/IMG_0000.jpg"), "--json")
        #expect(shown.stdout.contains(#""place":null,"placeParts":null"#), "\(shown.stdout)")
        let (_, listed) = CommandRunner.run("ls", folder.file("walk"), "--json")
        #expect(!listed.stdout.contains("Kaartinkaupunki") && listed.stdout.contains(#""placeParts":null"#))
    }
}
