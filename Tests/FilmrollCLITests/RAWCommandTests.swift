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

    @Test(arguments: ["mrw", "iiq", "crw"])
    func aRAWWhoseRawDataIsCutFailsInOneLineNamingIt(kind: String) throws {
        // Given a RAW cut a little way into its raw data (its header whole)
        let folder = TemporaryFolder()
        let cut: [UInt8]
        switch kind {
        case "mrw": let file = RAWBuilder.mrw(); cut = Array(file.prefix(RAWBuilder.mrwDataOffset(file) + 64))
        case "iiq": let (file, offset) = RAWBuilder.iiq(); cut = Array(file.prefix(offset + 64))
        default: cut = RAWBuilder.crw(keptDataBytes: 64).file   // its records lie after the raw data
        }
        try folder.write(cut, as: "cut.\(kind)")
        let path = folder.file("cut.\(kind)")
        // When it is converted at full size
        let (code, runner) = CommandRunner.run("convert", path, folder.file("out.png"))
        // Then the command fails with one line naming the file, and writes nothing
        #expect(code == .failure)
        #expect(runner.stderr.split(separator: "\n").count == 1, "\(runner.stderr)")
        #expect(runner.stderr.hasPrefix("filmroll: \(path): "), "\(runner.stderr)")
        #expect(folder.names() == ["cut.\(kind)"])
        // While its whole self converts
        let whole: [UInt8] = switch kind {
        case "mrw": RAWBuilder.mrw()
        case "iiq": RAWBuilder.iiq().file
        default: RAWBuilder.crw().file
        }
        try folder.write(whole, as: "whole.\(kind)")
        let (converted, _) = CommandRunner.run("convert", folder.file("whole.\(kind)"), folder.file("whole.png"))
        #expect(converted == .success)
        #expect(try ImageDecoder.decode(contentsOf: folder.file("whole.png")).image.size == PixelSize(width: 64, height: 48))
    }
}
