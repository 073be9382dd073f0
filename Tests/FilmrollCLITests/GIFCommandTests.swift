import Catalog
import FilmrollCLI
import Imaging
import Testing
import TestSupport

@Suite(.serialized) struct GIFCommandTests {
    @Test func everyOrientationBecomesAnUprightFrame() throws {
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("gif", Fixtures.path("orientation"), "-o", out.file("turns.gif"), "--fps", "30",
                                               "--width", "64", "--json")
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.hasPrefix(#"{"path":"\#(out.file("turns.gif"))","width":64,"height":48,"frames":"#))
        let decoded = try ImageDecoder.decode(contentsOf: out.file("turns.gif"), options: DecodeOptions(frames: .all))
        // orientation-1…8 and upright.png are the same picture: identical frames merge.
        #expect(decoded.frames.count < 9)
        #expect(decoded.frames.map(\.delayCentiseconds).reduce(0, +) == 30)    // 9 frames at 30 fps, exactly
        #expect(decoded.info.metadata.loop == .forever)
        for frame in decoded.frames {
            let expected = [Quadrants.red, Quadrants.green, Quadrants.blue, Quadrants.yellow]
            for (actual, wanted) in zip(Quadrants.sample(frame.image), expected) {
                #expect(PixelMatch.near(actual, wanted, tolerance: 48))
            }
        }
    }

    @Test func animatedInputKeepsItsFramesAndDelaysAndBounces() throws {
        let out = TemporaryFolder()
        let (code, _) = CommandRunner.run("gif", Fixtures.path("gif/animated.gif"), "-o", out.file("copy.gif"), "--loop", "none")
        #expect(code == .success)
        let copy = try ImageDecoder.decode(contentsOf: out.file("copy.gif"), options: DecodeOptions(frames: .all))
        #expect(copy.frames.map(\.delayCentiseconds) == [10, 20, 30, 50])
        #expect(copy.info.metadata.loop == .once)
        #expect(copy.image.size == PixelSize(width: 48, height: 32))
        #expect(PixelMatch.near(copy.frames[2].image.pixel(x: 1, y: 2), [0, 0, 200, 255], tolerance: 4))

        let (_, _) = CommandRunner.run("gif", Fixtures.path("gif/animated.gif"), "-o", out.file("bounce.gif"), "--bounce", "--delay", "100")
        let bounce = try ImageDecoder.decode(contentsOf: out.file("bounce.gif"), options: DecodeOptions(frames: .all))
        #expect(bounce.frames.count == 6)
        #expect(bounce.frames.map(\.delayCentiseconds) == [10, 10, 10, 10, 10, 10])
        #expect(PixelMatch.near(bounce.frames[4].image.pixel(x: 1, y: 2), [0, 0, 200, 255], tolerance: 4))
    }

    @Test func framesInNaturalOrderOrByDateAndRecorded() throws {
        let folder = TemporaryFolder()
        // Names sort frame2 before frame10; dates run the other way.
        try folder.write(try Fixtures.bytes("dated/IMG_0006.jpg"), as: "frame2.jpg")
        try folder.write(try Fixtures.bytes("dated/IMG_0001.jpg"), as: "frame10.jpg")
        _ = CommandRunner.run("index", folder.path, "--quiet")
        let out = TemporaryFolder()
        _ = CommandRunner.run("gif", folder.path, "-o", out.file("name.gif"), "--size", "40")
        _ = CommandRunner.run("gif", folder.path, "-o", out.file("date.gif"), "--size", "40", "--order", "date")
        let byName = try ImageDecoder.decode(contentsOf: out.file("name.gif"), options: DecodeOptions(frames: .all))
        let byDate = try ImageDecoder.decode(contentsOf: out.file("date.gif"), options: DecodeOptions(frames: .all))
        // IMG_0006 is teal (40,190,200), IMG_0001 red (220,60,60), darker towards the top left.
        #expect(byName.frames[0].image.pixel(x: 30, y: 20)[2] > 150)
        #expect(byDate.frames[0].image.pixel(x: 30, y: 20)[0] > 150)

        let catalog = try Catalog(folder: folder.path)
        let gifs = try catalog.database.rows("SELECT id FROM outputs WHERE kind = 'gif' ORDER BY id")
        #expect(gifs.count == 2)
        #expect(try catalog.sources(ofOutput: Int64(gifs[0][0].int!)).count == 2)
    }

    @Test func failuresAreNamed() throws {
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("gif", Fixtures.path("dated/IMG_0001.jpg"), Fixtures.path("jpeg/truncated.jpg"),
                                               "-o", out.file("x.gif"))
        #expect(code == .failure)
        #expect(runner.stderr.hasPrefix("filmroll: \(Fixtures.path("jpeg/truncated.jpg")): truncated JPEG"))
        #expect(out.names().isEmpty)
    }

    /// MP4 is in the encoder registry beside GIF and WebP: an `.mp4` output is an H.264 animation
    /// whose frames keep their delays, marked and recorded as a Filmroll video.
    @Test func anMP4OutputIsAnAnimationFromTheRegistry() throws {
        let folder = TemporaryFolder()
        for index in 1...3 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        _ = CommandRunner.run("index", folder.path, "--quiet")
        let out = TemporaryFolder()
        let output = out.file("roll.mp4")
        let (code, runner) = CommandRunner.run("gif", folder.path, "-o", output, "--delays", "500,250", "--size", "48", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        let reader = try VideoReader(path: output)
        #expect(reader.info.size == PixelSize(width: 48, height: 36))
        #expect(reader.info.frameCount == 3)
        #expect(OutputMark.read(contentsOf: output) == .video)
        var frames: [Image] = []
        while let frame = try reader.nextFrame() { frames.append(frame.image) }
        #expect(frames.count == 3)
        #expect(frames[0].pixel(x: 24, y: 18)[0] > 150)   // IMG_0001 is red
        let catalog = try Catalog(folder: folder.path)
        #expect(try catalog.database.value("SELECT kind FROM outputs WHERE path = ?", [AbsolutePath.of(output)]).string == "video")
        #expect(out.names() == ["roll.mp4"])   // nothing left beside it
    }

    @Test func aWebPKeepsTheDelaysInMillisecondsAndIsRecorded() throws {
        let folder = TemporaryFolder()
        for index in 1...3 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        _ = CommandRunner.run("index", folder.path, "--quiet")
        let out = TemporaryFolder()
        let output = out.file("roll.webp")
        let (code, runner) = CommandRunner.run("gif", folder.path, "-o", output, "--delays", "250,40", "--loop", "3", "--size", "48",
                                               "--json")
        #expect(code == .success, "\(runner.stderr)")
        let size = try FileBytes.read(output).count
        #expect(runner.stdout.hasPrefix(#"{"path":"\#(output)","width":48,"height":36,"frames":3,"bytes":\#(size),"#))
        let decoded = try ImageDecoder.decode(contentsOf: output, options: DecodeOptions(frames: .all))
        #expect(decoded.info.format == .webp)
        #expect(decoded.frames.map(\.delayMilliseconds) == [250, 40, 40])
        #expect(decoded.info.metadata.loop == .repeats(3))
        #expect(OutputMark.read(contentsOf: output) == .webp)
        let catalog = try Catalog(folder: folder.path)
        #expect(try catalog.database.value("SELECT kind FROM outputs WHERE path = ?", [AbsolutePath.of(output)]).string == "webp")

        // Lossless: exact colours, larger; a re-run replaces Filmroll's own WebP.
        let (again, _) = CommandRunner.run("gif", folder.path, "-o", output, "--lossless", "--size", "48", "--quiet")
        #expect(again == .success)
        #expect(try FileBytes.read(output).count > size)
        // Somebody's file is not replaced.
        try out.write(try Fixtures.bytes("phone/animated.webp"), as: "theirs.webp")
        let (refused, refusal) = CommandRunner.run("gif", folder.path, "-o", out.file("theirs.webp"), "--quiet")
        #expect(refused == .failure)
        #expect(refusal.stderr.contains("already exists and was not made by Filmroll"))
    }

    @Test func anAnimatedGIFBecomesAWebPWithItsOwnDelays() throws {
        let out = TemporaryFolder()
        let (code, _) = CommandRunner.run("gif", Fixtures.path("gif/animated.gif"), "-o", out.file("copy.webp"), "--loop", "none")
        #expect(code == .success)
        let copy = try ImageDecoder.decode(contentsOf: out.file("copy.webp"), options: DecodeOptions(frames: .all))
        #expect(copy.frames.map(\.delayMilliseconds) == [100, 200, 300, 500])
        #expect(copy.info.metadata.loop == .once)
        #expect(PixelMatch.near(copy.frames[2].image.pixel(x: 1, y: 2), [0, 0, 200, 255], tolerance: 24))
    }

    @Test(arguments: [
        ["a.jpg"], ["a.jpg", "-o", "x.png"], ["a.jpg", "-o", "x.webp", "--colors", "16"], ["a.jpg", "-o", "x.webp", "--dither", "0.5"],
        ["a.jpg", "-o", "x.gif", "--lossless"], ["a.jpg", "-o", "x.webp", "--quality", "0"], ["a.jpg", "-o", "x.gif", "--fps", "0"], ["a.jpg", "-o", "x.gif", "--fps", "10", "--delay", "5"],
        ["a.jpg", "-o", "x.gif", "--width", "10", "--size", "10"], ["a.jpg", "-o", "x.gif", "--loop", "sometimes"],
        ["a.jpg", "-o", "x.gif", "--dither", "2"], ["a.jpg", "-o", "x.gif", "--colors", "1"], ["a.jpg", "-o", "x.gif", "--order", "size"],
        ["a.jpg", "-o", "x.gif", "--delays", "10,x"], ["a.jpg", "-o", "x.gif", "--fit", "stretch"],
    ])
    func badCommandLines(arguments: [String]) {
        let (code, runner) = CommandRunner.run(["gif"] + arguments)
        #expect(code == .usage)
        #expect(runner.stderr.contains("Usage: filmroll gif "))
    }

    /// Every way an input can fail names that input, whichever place it has.
    @Test(arguments: [
        (["bad/not-an-image.jpg", "dated/IMG_0001.jpg"], [String](), "bad/not-an-image.jpg", "not an image Filmroll reads (…)"),
        (["dated/IMG_0001.jpg", "bad/empty.png"], [], "bad/empty.png", "empty file"),
        (["gif/animated.gif", "dated/IMG_0001.jpg"], ["--max-frames", "2"], "gif/animated.gif",
         "limit exceeded: too many frames (more than 2)"),
        (["dated/IMG_0001.jpg", "gif/animated.gif"], ["--max-frames", "2"], "gif/animated.gif",
         "limit exceeded: too many frames (more than 2)"),
        (["dated/IMG_0001.jpg"], ["--max-pixels", "1000"], "dated/IMG_0001.jpg", "image too large (160×120)"),
        (["gif/still.gif", "gif/animated.gif"], ["--max-total-pixels", "5000"], "gif/animated.gif",
         "image too large (4 frames of 48×32)"),
    ])
    func everyFailureNamesItsInput(inputs: [String], options: [String], failing: String, reason: String) {
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run(["gif"] + inputs.map(Fixtures.path) + ["-o", out.file("x.gif")] + options)
        #expect(code == .failure)
        #expect(runner.stderr.formatListElided == "filmroll: \(Fixtures.path(failing)): \(reason)\n")
        #expect(out.names().isEmpty)
    }

    /// A GIF cut inside its first frame, between photos: one line naming
    /// it, and no output (GIF or WebP) nor temporary left.
    @Test(arguments: ["x.gif", "x.webp"])
    func aTruncatedGIFAmongTheInputsIsNamed(output: String) throws {
        let folder = TemporaryFolder()
        try folder.write(Array(try Fixtures.bytes("gif/animated.gif").prefix(60)), as: "cut.gif")
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("gif", Fixtures.path("dated/IMG_0001.jpg"), Fixtures.path("dated/IMG_0002.jpg"),
                                               folder.file("cut.gif"), Fixtures.path("dated/IMG_0003.jpg"), "-o", out.file(output))
        #expect(code == .failure)
        #expect(runner.stderr.hasPrefix("filmroll: \(folder.file("cut.gif")): truncated GIF"), "\(runner.stderr)")
        #expect(runner.stderr.split(separator: "\n").count == 1)
        #expect(out.names().isEmpty)
    }

    @Test func aGIFWithCodeSize11IsTakenAsBrowsersTakeIt() throws {
        // A 1×1 white GIF whose LZW minimum code size is 11 (giflib refuses it): clear, 0, end, as 12-bit codes.
        let folder = TemporaryFolder()
        try folder.write(Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0]
                         + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 11, 5, 0x00, 0x08, 0x00, 0x01, 0x08, 0x00, 0x3B],
                         as: "wide-codes.gif")
        let (code, runner) = CommandRunner.run("gif", Fixtures.path("dated/IMG_0001.jpg"), folder.file("wide-codes.gif"),
                                               "-o", folder.file("x.gif"))
        #expect(code == .success, "\(runner.stderr)")
        let frames = try ImageDecoder.decode(contentsOf: folder.file("x.gif"), options: DecodeOptions(frames: .all)).frames
        #expect(frames.count == 2)
        // The second frame is the white picture, fitted to the first's size.
        #expect(frames.count == 2 && frames[1].image.pixel(x: frames[1].image.width / 2, y: frames[1].image.height / 2)
                .prefix(3).allSatisfy { $0 >= 250 })
    }
}
