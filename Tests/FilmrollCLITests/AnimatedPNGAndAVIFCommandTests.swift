import Imaging
import Testing
import TestSupport

/// `gif` and `video` take the frames of an animated PNG and of an AVIF
/// sequence as they take an animated GIF's or WebP's.
@Suite(.serialized) struct AnimatedPNGAndAVIFCommandTests {
    static let colours: [[UInt8]] = [[220, 40, 40, 255], [40, 200, 60, 255], [50, 60, 210, 255]]

    /// Three opaque 32×24 frames of one colour each, shown 100, 200 and 300 ms.
    static func apng() throws -> [UInt8] {
        try APNGBuilder.make(canvas: PixelSize(width: 32, height: 24), frames: [
            .init(APNGBuilder.solid(32, 24, colours[0]), delay: (1, 10)),
            .init(APNGBuilder.solid(32, 24, colours[1]), delay: (2, 10)),
            .init(APNGBuilder.solid(32, 24, colours[2]), delay: (3, 10)),
        ], plays: 0)
    }

    @Test func gifTakesAnAnimatedPNGsFrames() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.apng(), as: "moving.png")
        let (code, runner) = CommandRunner.run("gif", folder.file("moving.png"), "-o", folder.file("out.gif"), "--loop", "none",
                                               "--no-catalog", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        let gif = try ImageDecoder.decode(contentsOf: folder.file("out.gif"), options: DecodeOptions(frames: .all))
        #expect(gif.frames.count == 3)
        #expect(gif.frames.map(\.delayCentiseconds) == [10, 20, 30])
        for (frame, colour) in zip(gif.frames, Self.colours) {
            #expect(PixelMatch.near(frame.image.pixel(x: 16, y: 12), colour, tolerance: 8))
        }
    }

    @Test func videoTakesAnAnimatedPNGsFrames() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.apng(), as: "moving.png")
        let output = folder.file("out.mp4")
        let (code, runner) = CommandRunner.run("video", folder.file("moving.png"), "-o", output, "--no-catalog", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        let reader = try VideoReader(path: output)
        #expect(reader.info.frameCount == 3)
        var milliseconds: [Int] = []
        let tick = Double(reader.info.tickNumerator) / Double(reader.info.tickDenominator)
        var index = 0
        while let frame = try reader.nextFrame() {
            milliseconds.append(Int((Double(frame.timeTicks) * tick * 1000).rounded()))
            #expect(PixelMatch.near(frame.image.pixel(x: 16, y: 12) + [255], Self.colours[index], tolerance: 24))
            index += 1
        }
        #expect(milliseconds == [0, 100, 300])
    }

    @Test func infoCountsAnAnimatedPNGsFrames() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.apng(), as: "moving.png")
        let (code, runner) = CommandRunner.run("info", folder.file("moving.png"), "--json")
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.contains(#""frames":3"#))
    }

    @Test(.enabled(if: ExternalTools.has("ffmpeg"), "needs ffmpeg (Scripts/install-deps.sh --tests)"))
    func gifTakesAnAVIFSequencesFrames() throws {
        let folder = TemporaryFolder()
        _ = try ExternalTools.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5",
                                   "-frames:v", "4", "-c:v", "libaom-av1", "-still-picture", "0", folder.file("seq.avif")])
        let (code, runner) = CommandRunner.run("gif", folder.file("seq.avif"), "-o", folder.file("out.gif"), "--no-catalog", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        let gif = try ImageDecoder.decode(contentsOf: folder.file("out.gif"), options: DecodeOptions(frames: .all))
        #expect(gif.frames.count == 4)
        #expect(gif.frames.map(\.delayCentiseconds) == [20, 20, 20, 20])
    }
}
