import Foundation
import FilmrollCLI
import Imaging
import Testing
import TestSupport

@Suite(.serialized) struct CatalogCommandTests {
    static func datedFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for index in 1...6 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        return folder
    }

    @Test func indexThenQueries() throws {
        let folder = try Self.datedFolder()
        let (code, runner) = CommandRunner.run("index", folder.path)
        #expect(code == .success)
        #expect(runner.stdout.hasPrefix("\(folder.path): 6 added, 0 changed, 0 moved, 0 missing, 0 failed, 0 unchanged in "))

        let (_, json) = CommandRunner.run("index", folder.path, "--json")
        #expect(json.stdout.contains(#""added":0,"changed":0,"moved":0,"missing":0,"failed":0,"unchanged":6"#))

        let (_, day) = CommandRunner.run("ls", folder.path, "--day", "2025-04-12")
        #expect(day.stdout == """
            2025-04-12 21:30:00      IMG_0005.jpg  160×120  Filmroll Fixture Cam
            2025-04-12 22:45:59      IMG_0006.jpg  160×120  Filmroll Fixture Cam

            """)
        let (_, listed) = CommandRunner.run("ls", folder.path, "--json", "--camera", "FIXTURE")
        #expect(listed.stdout.split(separator: "\n").count == 6)
        #expect(listed.stdout.contains(#""path":"IMG_0004.jpg","folder":"\#(folder.path)","format":"jpeg","width":160,"height":120,"orientation":6,"taken":"2025-04-11T08:00:00+09:00""#))

        let (_, calendar) = CommandRunner.run("calendar", folder.path)
        #expect(calendar.stdout.hasPrefix("April 2025: 6 photos\n"))
        #expect(calendar.stdout.contains("  10·3  11·1  12·2"))
        let (_, calendarJSON) = CommandRunner.run("calendar", folder.path, "--month", "2025-04", "--json")
        #expect(calendarJSON.stdout.contains(#"{"date":"2025-04-10","photos":3}"#))
        #expect(calendarJSON.stdout.hasPrefix(#"{"month":"2025-04","total":6,"#))

        let (_, stats) = CommandRunner.run("stats", folder.path, "--json")
        #expect(stats.stdout.contains(#""photos":6,"videos":0,"livePhotos":0,"motionPhotos":0,"bursts":0,"missing":0,"failed":0"#))
        #expect(stats.stdout.contains(#""firstDay":"2025-04-10","lastDay":"2025-04-12""#))
    }

    @Test func thumbnailsAreRecordedAndShownAndPruned() throws {
        let folder = try Self.datedFolder()
        _ = CommandRunner.run("index", folder.path, "--quiet")
        let out = TemporaryFolder()
        let (code, _) = CommandRunner.run("thumbs", folder.path, "--size", "64,32", "--out", out.path, "--quiet")
        #expect(code == .success)

        let (showCode, show) = CommandRunner.run("show", folder.file("IMG_0002.jpg"), "--json")
        #expect(showCode == .success)
        #expect(show.stdout.contains(#""outputs":[{"kind":"thumbnail","path":"\#(out.path)/IMG_0002_32.jpg""#))
        #expect(show.stdout.contains(#"{"kind":"thumbnail","path":"\#(out.path)/IMG_0002_64.jpg","parameters":"{\"size\":64,\"fit\":\"inside\""#))
        let (_, human) = CommandRunner.run("show", folder.file("IMG_0002.jpg"))
        #expect(human.stdout.contains("taken: 2025-04-10T12:40:30+09:00\ncamera: Filmroll Fixture Cam\n"))

        // The catalog knows the outputs: with the store gone, nothing is made again.
        _ = system("rm -rf '\(folder.path)/.filmroll/thumbs'")
        let (_, again) = CommandRunner.run("thumbs", folder.path, "--size", "64,32", "--out", out.path, "--json")
        #expect(again.stderr.hasPrefix("12 thumbnails: 0 made, 12 cached, 0 failed"))

        #expect(unlink(folder.file("IMG_0002.jpg")) == 0)
        _ = CommandRunner.run("index", folder.path, "--quiet")
        let (pruneCode, prune) = CommandRunner.run("prune", folder.path)
        #expect(pruneCode == .success)
        #expect(prune.stdout == "\(folder.path): removed 1 missing photo and 2 outputs (2 files deleted)\n")
        #expect(!out.names().contains("IMG_0002_64.jpg"))
        #expect(out.names().contains("IMG_0003_64.jpg"))
        let (missingCode, missing) = CommandRunner.run("show", folder.file("IMG_0003.jpg"))
        #expect(missingCode == .success && missing.stdout.contains("IMG_0003_64.jpg"))
    }

    /// A photo with a position is named by the offline geocoder in `show` and `ls --json`; its date's source is said.
    @Test func placesAndDateSourcesAreShown() throws {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "seoul.jpg")
        try folder.write(try Fixtures.bytes("names/with space.jpg"), as: "undated.jpg")
        _ = CommandRunner.run("index", folder.path, "--quiet")
        let (code, human) = CommandRunner.run("show", folder.file("seoul.jpg"))
        #expect(code == .success)
        #expect(human.stdout.contains("gps: 37.56650, 126.97800\nplace: Seoul, South Korea\n"))
        let (_, undated) = CommandRunner.run("show", folder.file("undated.jpg"))
        #expect(undated.stdout.contains("(date from the file's time)"))
        let (_, listed) = CommandRunner.run("ls", folder.path, "--json")
        #expect(listed.stdout.contains(#""place":"Seoul, South Korea""#))
        #expect(listed.stdout.contains(#""takenSource":"original""#) && listed.stdout.contains(#""takenSource":"fileTime""#))
    }

    /// A photo deleted since the last index is still shown from its row, said to be gone; an unknown one is not in the catalog.
    @Test func aDeletedPhotoIsShownAsGone() throws {
        let folder = try Self.datedFolder()
        _ = CommandRunner.run("index", folder.path, "--quiet")
        #expect(unlink(folder.file("IMG_0001.jpg")) == 0)
        let (code, shown) = CommandRunner.run("show", folder.file("IMG_0001.jpg"))
        #expect(code == .success)
        #expect(shown.stdout.hasPrefix("path: IMG_0001.jpg\nmissing: the file is gone"))
        let (unknownCode, unknown) = CommandRunner.run("show", folder.file("IMG_9999.jpg"))
        #expect(unknownCode == .failure)
        #expect(unknown.stderr.contains("not in the catalog of"))
        #expect(!unknown.stderr.contains("no catalog"))
    }

    @Test func errorsAreClear() throws {
        let folder = try Self.datedFolder()
        let (code, runner) = CommandRunner.run("ls", folder.path)
        #expect(code == .failure)
        #expect(runner.stderr == "filmroll: \(folder.path): no catalog for \(folder.path); run 'filmroll index FOLDER' first, or pass --catalog PATH\n")
        #expect(!FileBytes.exists(folder.file(".filmroll")))     // listing never creates a catalog

        try folder.write(Array("not a folder".utf8), as: ".filmroll")
        let (indexCode, index) = CommandRunner.run("index", folder.path)
        #expect(indexCode == .failure)
        #expect(index.stderr.contains("use --catalog PATH to keep it elsewhere"))
        let elsewhere = TemporaryFolder()
        let (okCode, _) = CommandRunner.run("index", folder.path, "--catalog", elsewhere.file("photos.sqlite"), "--quiet")
        #expect(okCode == .success)
        let (_, listed) = CommandRunner.run("ls", folder.path, "--catalog", elsewhere.file("photos.sqlite"))
        #expect(listed.stdout.split(separator: "\n").count == 6)
    }

    @Test(arguments: [
        ["ls", "x", "--day", "2025-4-1"], ["ls", "x", "--month", "2025-13"], ["ls", "x", "--day", "2025-04-10", "--month", "2025-04"],
        ["calendar", "x", "--month", "April"], ["index"], ["index", "a", "b"], ["prune"], ["show"], ["stats"],
    ])
    func badCommandLines(arguments: [String]) {
        let (code, runner) = CommandRunner.run(arguments)
        #expect(code == .usage)
        #expect(runner.stderr.contains("Usage: filmroll \(arguments[0]) "))
    }
}
