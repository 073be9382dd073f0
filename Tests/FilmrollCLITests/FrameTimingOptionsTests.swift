@testable import FilmrollCLI
import Imaging
import Testing
import TestSupport

/// `gif` and `video` read --fps, --delay and --delays one way: the same
/// forms, the same meaning, the same checks and the same errors (only the
/// highest rate is the output format's).
@Suite(.serialized) struct FrameTimingOptionsTests {
    /// The same command line for both commands.
    static let commands: [(name: String, arguments: [String], maximumRate: Int)] = [
        ("gif", ["a.jpg", "-o", "x.gif"], 100), ("video", ["a.jpg", "-o", "x.mp4"], 240),
    ]

    @Test(arguments: [
        (["--fps", "0"], "option '--fps' needs a rate above 0 and at most MAX (such as 12, 29.97 or 30000/1001), not '0'"),
        (["--fps", "fast"], "option '--fps' needs a rate above 0 and at most MAX (such as 12, 29.97 or 30000/1001), not 'fast'"),
        (["--fps", "1000"], "option '--fps' needs a rate above 0 and at most MAX (such as 12, 29.97 or 30000/1001), not '1000'"),
        (["--fps", "30/0"], "option '--fps' needs a rate above 0 and at most MAX (such as 12, 29.97 or 30000/1001), not '30/0'"),
        (["--delay", "0"], "option '--delay' needs whole milliseconds above 0, not '0'"),
        (["--delay", "12.5"], "option '--delay' needs whole milliseconds above 0, not '12.5'"),
        (["--delays", "100,x"], "option '--delays' needs whole milliseconds above 0, separated by commas, not '100,x'"),
        (["--delays", "100,,40"], "option '--delays' needs whole milliseconds above 0, separated by commas, not '100,,40'"),
        (["--delays", "100,0"], "option '--delays' needs whole milliseconds above 0, separated by commas, not '100,0'"),
        (["--fps", "10", "--delay", "40"], "use one of --fps, --delay, --delays"),
        (["--delay", "40", "--delays", "40,80"], "use one of --fps, --delay, --delays"),
    ])
    func bothCommandsRefuseTheSameWay(timing: [String], message: String) {
        for command in Self.commands {
            let (code, runner) = CommandRunner.run([command.name] + command.arguments + timing)
            #expect(code == .usage)
            let expected = message.replacingOccurrences(of: "MAX", with: "\(command.maximumRate)")
            #expect(runner.stderr.hasPrefix("filmroll \(command.name): \(expected)\n"), "\(command.name): \(runner.stderr)")
        }
    }

    @Test func bothCommandsReadTheSameForms() throws {
        func gif(_ timing: String...) throws -> FrameTiming? {
            try AnimationCommand(ParsedArguments(["a.jpg", "-o", "x.gif"] + timing, spec: AnimationCommand.spec)).timing
        }
        func video(_ timing: String...) throws -> VideoCommand {
            try VideoCommand(ParsedArguments(["a.jpg", "-o", "x.mp4"] + timing, spec: VideoCommand.spec))
        }
        // A fraction and an NTSC decimal are the same rate, in both.
        #expect(try gif("--fps", "30000/1001") == .fps(30000.0 / 1001))
        #expect(try gif("--fps", "29.97") == .fps(30000.0 / 1001))
        #expect(try video("--fps", "30000/1001").rate == FrameRate(numerator: 30000, denominator: 1001))
        #expect(try video("--fps", "29.97").rate == FrameRate(numerator: 30000, denominator: 1001))
        #expect(try gif("--fps", "12.5") == .fps(12.5))
        #expect(try video("--fps", "12.5").rate == FrameRate(numerator: 25, denominator: 2))
        // --delay: every frame; --delays: one each, the last repeating.
        #expect(try gif("--delay", "40") == .delay(milliseconds: 40))
        #expect(try video("--delay", "40").delays == [40])
        #expect(try gif("--delays", "250,40") == .delays(milliseconds: [250, 40]))
        #expect(try video("--delays", "250,40").delays == [250, 40])
        // Nothing: the inputs' own delays (10 fps for stills).
        #expect(try gif() == nil)
        #expect(try video().rate == nil && video().delays == nil)
    }

    /// The same --delays give the same durations in a GIF and in an MP4.
    @Test func theSameDelaysLastTheSameInAGIFAndAVideo() throws {
        let out = TemporaryFolder()
        let photos = ["dated/IMG_0001.jpg", "dated/IMG_0003.jpg", "dated/IMG_0006.jpg"].map { Fixtures.path($0) }
        let gifPath = out.file("roll.gif"), videoPath = out.file("roll.mp4")
        let (gifCode, gifRun) = CommandRunner.run(["gif"] + photos + ["-o", gifPath, "--delays", "250,40", "--size", "48", "--no-catalog", "-q"])
        #expect(gifCode == .success, "\(gifRun.stderr)")
        let (videoCode, videoRun) = CommandRunner.run(["video"] + photos + ["-o", videoPath, "--delays", "250,40", "--size", "48", "--no-catalog", "-q"])
        #expect(videoCode == .success, "\(videoRun.stderr)")

        let decoded = try ImageDecoder.decode(contentsOf: gifPath, options: DecodeOptions(frames: .all))
        #expect(decoded.frames.map(\.delayMilliseconds) == [250, 40, 40])
        let reader = try VideoReader(path: videoPath)
        let tick = Double(reader.info.tickNumerator) / Double(reader.info.tickDenominator)
        var starts: [Int] = []
        while let frame = try reader.nextFrame() { starts.append(Int((Double(frame.timeTicks) * tick * 1000).rounded())) }
        #expect(starts == [0, 250, 290])
    }
}
