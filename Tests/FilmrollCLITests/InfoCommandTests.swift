import FilmrollCLI
import Imaging
import Testing
import TestSupport

@Suite struct InfoCommandTests {
    @Test func humanLineSaysWhatMatters() {
        let path = Fixtures.path("jpeg/photo.jpg")
        let (code, runner) = CommandRunner.run("info", path)
        #expect(code == .success)
        #expect(runner.stdout == "\(path): JPEG 640×480, taken 2025-04-10T14:30:05.250+09:00, Filmroll Fixture Cam, GPS 37.56650, 126.97800, 32.1 KB\n")
    }

    @Test func jsonRecordHasEveryField() {
        let path = Fixtures.path("dated/IMG_0004.jpg")
        let (code, runner) = CommandRunner.run("info", "--json", path)
        #expect(code == .success)
        #expect(runner.stdout == """
            {"path":"\(path)","format":"jpeg","width":160,"height":120,"storedWidth":120,"storedHeight":160,\
            "orientation":6,"taken":"2025-04-11T08:00:00+09:00","make":"Filmroll","model":"Fixture Cam","gps":null,\
            "frames":1,"loopCount":null,"colorModel":"YCbCr","colorSpace":"sRGB","colorSource":"none",\
            "exifOrientationIgnored":null,"progressive":false,"bytes":1523}

            """)
    }

    @Test func jsonForAnimationAndGPS() {
        let (_, runner) = CommandRunner.run("info", "--json", Fixtures.path("gif/animated.gif"), Fixtures.path("jpeg/photo.jpg"))
        let lines = runner.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""frames":4,"loopCount":0"#))
        #expect(lines[1].contains(#""gps":{"lat":37.5665,"lon":126.978}"#))
    }

    @Test func folderIsWalkedAndFailuresAreNamed() {
        let folder = Fixtures.root + "/TestImages"
        let (code, runner) = CommandRunner.run("info", folder)
        #expect(code == .failure)
        let lines = runner.stdout.split(separator: "\n")
        #expect(lines.count == 115)    // every fixture but the four bad ones (README.md files and the basemap fixtures are not images)
        #expect(runner.stderr.formatListElided == """
            filmroll: \(folder)/bad/empty.png: empty file
            filmroll: \(folder)/bad/not-an-image.jpg: not an image Filmroll reads (…)
            filmroll: \(folder)/jxl/huge.jxl: image too large (100000×100000)
            filmroll: \(folder)/tiff/huge.tif: image too large (100000×100000)
            filmroll: skipped 9 files that are not photos: 5 .md, 2 .pmtiles, 1 .gz, 1 .mbtiles

            """)
        // Natural order, and names with spaces or Hangul are listed like any other.
        #expect(lines.contains { $0.hasPrefix("\(folder)/names/한글 사진.jpg: JPEG 32×24") })
    }

    @Test func jsonModeReportsErrorsAsObjects() {
        let path = Fixtures.path("bad/not-an-image.jpg")
        let (code, runner) = CommandRunner.run("info", "--json", path)
        #expect(code == .failure)
        #expect(runner.stdout.formatListElided == "{\"path\":\"\(path)\",\"error\":\"not an image Filmroll reads (…)\"}\n")
        #expect(runner.stderr.formatListElided == "filmroll: \(path): not an image Filmroll reads (…)\n")
    }

    @Test func missingFileIsNamed() {
        let (code, runner) = CommandRunner.run("info", "/nonexistent/photo.jpg", Fixtures.path("gif/still.gif"))
        #expect(code == .failure)
        #expect(runner.stderr == "filmroll: /nonexistent/photo.jpg: no such file or directory\n")
        #expect(runner.stdout.contains("GIF 16×16"))
    }

    @Test func strangeNamesPrintOnOneLineAndExactlyInJSON() throws {
        let folder = TemporaryFolder()
        let name = "new\nline \"quoted\".jpg"
        try folder.write(try Fixtures.bytes("names/with space.jpg"), as: name)
        let (_, human) = CommandRunner.run("info", folder.path)
        #expect(human.stdout == "\(folder.path)/new\\nline \"quoted\".jpg: JPEG 32×24, 651 B\n")
        let (_, json) = CommandRunner.run("info", "--json", folder.file(name))
        #expect(json.stdout.hasPrefix(#"{"path":"\#(folder.path)/new\nline \"quoted\".jpg","#))
    }

    @Test func xmpDateAndCameraShowWhenThereIsNoEXIF() throws {
        let folder = TemporaryFolder()
        let packet = XMPFixtures.packet(attributes: #"xmp:CreateDate="2024-05-03T14:22:10.25+09:00""#,
                                        elements: "<tiff:Make>Ricoh</tiff:Make><tiff:Model>GR III</tiff:Model>")
        try folder.write(try XMPFixtures.jpeg(xmp: packet), as: "xmp.jpg")
        let (code, runner) = CommandRunner.run("info", "--json", folder.file("xmp.jpg"))
        #expect(code == .success)
        #expect(runner.stdout.contains(#""taken":"2024-05-03T14:22:10.25+09:00","make":"Ricoh","model":"GR III""#))
    }

    @Test func leadingDashNamesWorkAfterDoubleDash() {
        let path = Fixtures.path("names/-leading-dash.jpg")
        let (code, runner) = CommandRunner.run("info", "--", path)
        #expect(code == .success)
        #expect(runner.stdout.hasPrefix(path))
    }
}
