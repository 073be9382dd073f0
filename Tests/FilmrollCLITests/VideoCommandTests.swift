import Catalog
import FilmrollCLI
import Imaging
import Testing
import TestSupport

@Suite(.serialized) struct VideoCommandTests {
    /// Three photos, 1 s each with 0.25 s crossfades, at 30 fps on 160×90:
    /// 3 − 2 × 0.25 = 2.5 s, 75 frames; marked, tagged and recorded.
    @Test func photosMakeASlideshowRecordedWithThem() throws {
        let folder = TemporaryFolder()
        for name in ["IMG_0001.jpg", "IMG_0003.jpg", "IMG_0006.jpg"] { try folder.write(try Fixtures.bytes("dated/\(name)"), as: name) }
        _ = CommandRunner.run("index", folder.path, "--quiet")
        let output = folder.file("day.mp4")
        let (code, runner) = CommandRunner.run("video", folder.path, "-o", output, "--canvas", "160x90", "--seconds", "1",
                                               "--crossfade", "0.25", "--json")
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.hasPrefix(#"{"path":"\#(output)","width":160,"height":90,"frames":75,"duration":2.5,"#))
        let reader = try VideoReader(path: output)
        #expect(reader.info.size == PixelSize(width: 160, height: 90))
        #expect(reader.info.frameCount == 75)
        #expect(OutputMark.read(contentsOf: output) == .video)
        // IMG_0001 is red, IMG_0006 teal: the first and last frames show them.
        var frames: [Image] = []
        while let frame = try reader.nextFrame() { frames.append(frame.image) }
        #expect(frames.count == 75)
        #expect(frames[0].pixel(x: 80, y: 60)[0] > 150)
        #expect(frames[74].pixel(x: 80, y: 60)[2] > 150)

        let catalog = try Catalog(folder: folder.path)
        let videos = try catalog.database.rows("SELECT id FROM outputs WHERE kind = 'video'")
        #expect(videos.count == 1)
        #expect(try catalog.sources(ofOutput: Int64(videos[0][0].int!)).count == 3)
    }

    /// --fps makes a video of frames: one frame each, exactly 1/fps long.
    @Test func framesAtAnExactRate() throws {
        let out = TemporaryFolder()
        let output = out.file("frames.mp4")
        let (code, runner) = CommandRunner.run("video", Fixtures.path("orientation"), "-o", output, "--fps", "30000/1001",
                                               "--size", "64", "--no-catalog", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        let reader = try VideoReader(path: output)
        #expect(reader.info.frameCount == 9)
        #expect(reader.info.frameRate == FrameRate(numerator: 30000, denominator: 1001))
        #expect(reader.info.size == PixelSize(width: 64, height: 48))
        // Every orientation fixture is the same upright picture: red top left.
        let first = try #require(try reader.nextFrame())
        #expect(PixelMatch.near(Quadrants.sample(first.image)[0], Quadrants.red, tolerance: 60))
    }

    @Test func anAnimationKeepsItsDelays() throws {
        let out = TemporaryFolder()
        let output = out.file("anim.mp4")
        let (code, runner) = CommandRunner.run("video", Fixtures.path("gif/animated.gif"), "-o", output, "--no-catalog", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        let reader = try VideoReader(path: output)
        #expect(reader.info.frameCount == 4)
        // Shown at 0, 100, 300 and 600 ms, the last for 500 ms.
        var milliseconds: [Int] = []
        let tick = Double(reader.info.tickNumerator) / Double(reader.info.tickDenominator)
        while let frame = try reader.nextFrame() {
            milliseconds.append(Int((Double(frame.timeTicks) * tick * 1000).rounded()))
        }
        #expect(milliseconds == [0, 100, 300, 600])
        // The movie lasts 1.1 s (mvhd: version 0, timescale then duration).
        let bytes = try FileBytes.read(output)
        let mvhd = try #require(bytes.indices.dropLast(28).first { Array(bytes[$0..<$0 + 4]) == Array("mvhd".utf8) })
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(Double(word(mvhd + 20)) / Double(word(mvhd + 16)) == 1.1)
    }

    @Test func aFileFilmrollDidNotMakeIsLeftAlone() throws {
        let out = TemporaryFolder()
        try out.write(Array("not a video".utf8), as: "keep.mp4")
        let (code, runner) = CommandRunner.run("video", Fixtures.path("dated/IMG_0001.jpg"), "-o", out.file("keep.mp4"), "--no-catalog")
        #expect(code == .failure)
        #expect(runner.stderr.contains("already exists and was not made by Filmroll"))
        #expect(try FileBytes.read(out.file("keep.mp4")) == Array("not a video".utf8))
    }

    @Test func aBadPhotoIsNamedAndNothingIsLeft() throws {
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("video", Fixtures.path("dated/IMG_0001.jpg"), Fixtures.path("jpeg/truncated.jpg"),
                                               "-o", out.file("x.mp4"), "--canvas", "160x90", "--no-catalog")
        #expect(code == .failure)
        #expect(runner.stderr.contains("\(Fixtures.path("jpeg/truncated.jpg"))"))
        #expect(runner.stderr.contains("truncated JPEG"))
        #expect(out.names().isEmpty)
    }

    @Test(arguments: [
        ["a.jpg"], ["a.jpg", "-o", "x.gif"], ["a.jpg", "-o", "x.mp4", "--fps", "0"], ["a.jpg", "-o", "x.mp4", "--fps", "10", "--delay", "5"],
        ["a.jpg", "-o", "x.mp4", "--crf", "60"], ["a.jpg", "-o", "x.mp4", "--preset", "quick"],
        ["a.jpg", "-o", "x.mp4", "--seconds", "2", "--crossfade", "1.5"], ["a.jpg", "-o", "x.mp4", "--canvas", "10x"], ["a.jpg", "-o", "x.mp4", "--size", "160", "--canvas", "160x90"],
    ])
    func badCommandLines(_ arguments: [String]) {
        let (code, runner) = CommandRunner.run(["video"] + arguments)
        #expect(code == .usage)
        #expect(runner.stderr.contains("Usage: filmroll video "))
    }
}

/// `video --clip-seconds`: videos among the inputs play on their slides.
@Suite struct VideoClipCommandTests {
    @Test func videosPlayForTheirSecondsAmongThePhotos() throws {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("dated/IMG_0001.jpg"), as: "a.jpg")
        try folder.write(try FileBytes.read(Fixtures.root + "/Tests/Videos/camera-roll/fade-in.mp4"), as: "b.mp4")
        let output = folder.file("out/show.mp4")
        try Folders.create(folder.file("out"))
        let (code, runner) = CommandRunner.run("video", folder.file("a.jpg"), folder.file("b.mp4"), "-o", output,
                                               "--canvas", "160x90", "--seconds", "1", "--crossfade", "0.25",
                                               "--clip-seconds", "1.5", "--json")
        #expect(code == .success, "\(runner.stderr)")
        // 1 + 1.5 − 0.25 s at 30 fps: 67.5 frames, rounded to 68.
        #expect(runner.stdout.contains(#""frames":68,"duration":2.267"#), "\(runner.stdout)")
        let (bad, usage) = CommandRunner.run("video", folder.file("a.jpg"), "-o", folder.file("x.mp4"), "--clip-seconds", "0.2")
        #expect(bad == .usage && usage.stderr.contains("--clip-seconds"))
    }
}
