import FilmrollCLI
import Imaging
import Testing
import TestSupport

@Suite struct ConvertCommandTests {
    @Test(arguments: 1...8)
    func outputIsUprightWithoutOrientation(orientation: Int) throws {
        let folder = TemporaryFolder()
        let output = folder.file("upright.png")
        let (code, runner) = CommandRunner.run("convert", Fixtures.path("orientation/orientation-\(orientation).jpg"), output)
        #expect(code == .success, "\(runner.stderr)")
        let decoded = try ImageDecoder.decode(contentsOf: output)
        #expect(!decoded.info.metadata.hasOrientationTag)
        #expect(decoded.image.size == PixelSize(width: 128, height: 96))
        let expected = [Quadrants.red, Quadrants.green, Quadrants.blue, Quadrants.yellow]
        for (actual, wanted) in zip(Quadrants.sample(decoded.image), expected) {
            #expect(PixelMatch.near(actual, wanted, tolerance: 40))
        }
    }

    @Test func maxSizeShrinksTheLongestEdge() throws {
        let folder = TemporaryFolder()
        let (code, _) = CommandRunner.run("convert", Fixtures.path("jpeg/photo.jpg"), folder.file("small.jpg"), "--max-size", "100")
        #expect(code == .success)
        let decoded = try ImageDecoder.decode(contentsOf: folder.file("small.jpg"))
        #expect(decoded.info.format == .jpeg)
        #expect(decoded.image.size == PixelSize(width: 100, height: 75))
        #expect(decoded.info.metadata.captureDate == nil)   // no metadata carried over
        // Never enlarges.
        _ = CommandRunner.run("convert", Fixtures.path("gif/still.gif"), folder.file("still.png"), "--max-size", "100")
        #expect(try ImageDecoder.decode(contentsOf: folder.file("still.png")).image.size == PixelSize(width: 16, height: 16))
    }

    @Test func qualityChangesTheFileSize() throws {
        let folder = TemporaryFolder()
        _ = CommandRunner.run("convert", Fixtures.path("jpeg/photo.jpg"), folder.file("low.jpg"), "--quality", "20")
        _ = CommandRunner.run("convert", Fixtures.path("jpeg/photo.jpg"), folder.file("high.jpg"), "--quality", "98")
        #expect(try FileBytes.read(folder.file("low.jpg")).count * 2 < FileBytes.read(folder.file("high.jpg")).count)
    }

    @Test func animatedGIFGivesItsFirstFrame() throws {
        let folder = TemporaryFolder()
        let (code, _) = CommandRunner.run("convert", Fixtures.path("gif/animated.gif"), folder.file("first.png"))
        #expect(code == .success)
        let image = try ImageDecoder.decode(contentsOf: folder.file("first.png")).image
        #expect(image.pixel(x: 1, y: 2) == [200, 0, 0, 255])
        #expect(image.pixel(x: 7, y: 15) == [255, 255, 255, 255])
    }

    @Test func refusesToOverwriteItsInput() throws {
        let folder = TemporaryFolder()
        let original = try Fixtures.bytes("jpeg/photo.jpg")
        try folder.write(original, as: "photo.jpg")
        for output in [folder.file("photo.jpg"), folder.path + "/./photo.jpg"] {
            let (code, runner) = CommandRunner.run("convert", folder.file("photo.jpg"), output)
            #expect(code == .failure)
            #expect(runner.stderr == "filmroll: \(output): refusing to overwrite the input photo; choose another output\n")
        }
        #expect(try FileBytes.read(folder.file("photo.jpg")) == original)
        #expect(folder.names() == ["photo.jpg"])
    }

    @Test(arguments: ["jpeg/truncated.jpg", "bad/not-an-image.jpg", "bad/empty.png", "missing.jpg"])
    func failedInputLeavesNoOutput(input: String) {
        let folder = TemporaryFolder()
        let (code, runner) = CommandRunner.run("convert", Fixtures.path(input), folder.file("out.jpg"))
        #expect(code == .failure)
        #expect(runner.stderr.hasPrefix("filmroll: \(Fixtures.path(input)): "))
        #expect(runner.stderr.split(separator: "\n").count == 1)
        #expect(folder.names().isEmpty)   // no output, no temporary file
    }

    @Test func unwritableOutputIsNamed() {
        let output = "/nonexistent-folder/out.png"
        let (code, runner) = CommandRunner.run("convert", Fixtures.path("gif/still.gif"), output)
        #expect(code == .failure)
        #expect(runner.stderr.hasPrefix("filmroll: \(output): cannot create"))
    }

    @Test(arguments: ["with space.jpg", "한글 사진.jpg", "-leading-dash.jpg"])
    func strangeNamesConvert(name: String) throws {
        let folder = TemporaryFolder()
        let output = folder.file("출력 " + name.replacingSuffix(".jpg", with: ".png"))
        let (code, runner) = CommandRunner.run("convert", "--", Fixtures.path("names/" + name), output)
        #expect(code == .success, "\(runner.stderr)")
        #expect(try ImageDecoder.decode(contentsOf: output).image.size == PixelSize(width: 32, height: 24))
    }
}

extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
