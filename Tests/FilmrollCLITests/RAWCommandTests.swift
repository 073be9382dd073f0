import FilmrollCLI
import Imaging
import Testing
import TestSupport

/// `filmroll info` and `filmroll thumbs` on camera RAW files.
@Suite struct RAWCommandTests {
    @Test func infoTellsTheRAWFilesFacts() {
        let camera = Fixtures.path("raw/camera.dng"), rotated = Fixtures.path("raw/rotated.dng")
        let (code, runner) = CommandRunner.run("info", camera, rotated)
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout == """
            \(camera): camera RAW 240×160, taken 2025-04-10T14:30:05.250+09:00, Filmroll RAW One, GPS 37.56650, 126.97800, 67.4 KB
            \(rotated): camera RAW 240×160, orientation 6, stored 160×240, taken 2025-04-11T08:00:00, Filmroll RAW One, 59.8 KB

            """)
        let (_, json) = CommandRunner.run("info", "--json", camera)
        #expect(json.stdout.contains(#""format":"raw","width":240,"height":160"#))
        #expect(json.stdout.contains(#""colorModel":"DNG 1.4.0.0, colour filter array, JPEG preview 240×160, ISO 400, 1/250 s, f/2.8, 35 mm, Fixture 35mm F2.8""#))
        #expect(json.stdout.contains(#""gps":{"lat":37.5665,"lon":126.978}"#))
    }

    @Test func thumbsAreUprightFromThePreviewOrTheRawData() throws {
        let out = TemporaryFolder()
        let inputs = ["camera", "rotated", "plain", "truncated"].map { Fixtures.path("raw/\($0).dng") }
        let (code, runner) = CommandRunner.run(["thumbs"] + inputs + ["--size", "64", "--format", "png", "--out", out.path,
                                                                     "--no-cache", "--quiet"])
        #expect(code == .success, "\(runner.stderr)")
        // camera and truncated from their previews, rotated from its preview at
        // 6/8, plain (no preview) from LibRaw's half size: all upright.
        for name in ["camera", "rotated", "plain", "truncated"] {
            let thumbnail = try ImageDecoder.decode(contentsOf: out.file("\(name)_64.png")).image
            #expect(thumbnail.size == PixelSize(width: 64, height: 43), "\(name)")
            let quadrants = Quadrants.sample(thumbnail)
            #expect(quadrants[0][0] > 180 && quadrants[0][1] < 90, "\(name) top left \(quadrants[0])")     // red
            #expect(quadrants[1][1] > 150 && quadrants[1][0] < 90, "\(name) top right \(quadrants[1])")    // green
            #expect(quadrants[2][2] > 180 && quadrants[2][0] < 90, "\(name) bottom left \(quadrants[2])")  // blue
            #expect(quadrants[3][0] > 200 && quadrants[3][2] < 90, "\(name) bottom right \(quadrants[3])") // yellow
        }
    }

    @Test func aFullSizeConvertOfACutFileFailsByName() {
        let folder = TemporaryFolder()
        let path = Fixtures.path("raw/truncated.dng")
        let (code, runner) = CommandRunner.run("convert", path, folder.file("out.png"))
        #expect(code == .failure)
        #expect(runner.stderr.contains("\(path): truncated camera RAW: the file ends inside the image data"))
        #expect(folder.names().isEmpty)
    }
}
