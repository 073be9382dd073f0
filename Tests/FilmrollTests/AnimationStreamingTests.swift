#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import Testing
import TestSupport

/// Animated WebPs through the library, and long animations streamed with a
/// few frames in memory, written whole or not at all.
@Suite struct AnimationStreamingTests {
    /// The names in `folder` (temporaries included).
    static func names(_ folder: String) -> [String] { Folders.names(in: folder).sorted() }

    @Test func aWebPHasTheFramesDelaysAndLoopAskedForAndIsRecorded() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        _ = try Catalog(folder: folder.path, access: .create)
        var webp = WebPAnimationOptions()
        webp.loop = .repeats(2)
        let output = folder.file("out/roll.webp")

        let made = try AnimationMaker(frames: AnimationFrames(sizing: .longestEdge(64)), timing: .delays(milliseconds: [120, 45]), webp: webp,
                                lineage: LineageRecorder())
            .make(InputWalker.expand([folder.path]).files, output: output)

        #expect(made.animation.format == .webp)
        #expect(made.animation.frameCount == 6)
        #expect(made.animation.byteCount == (try FileBytes.read(output)).count)
        let decoded = try ImageDecoder.decode(contentsOf: output, options: DecodeOptions(frames: .all))
        #expect(decoded.info.format == .webp)
        #expect(decoded.image.size == PixelSize(width: 64, height: 48))
        #expect(decoded.frames.map(\.delayMilliseconds) == [120, 45, 45, 45, 45, 45])
        #expect(decoded.info.metadata.loop == .repeats(2))
        #expect(OutputMark.read(contentsOf: output) == .webp)
        // Each frame is the photo, fitted: IMG_0001 is red, darker towards the top left.
        #expect(PixelMatch.near(decoded.frames[0].image.pixel(x: 50, y: 40), [220, 60, 60, 255], tolerance: 40))

        let catalog = try Catalog(folder: folder.path, access: .read)
        let photo = try #require(try catalog.photo(relativePath: "IMG_0001.jpg"))
        let outputs = try catalog.outputs(ofPhoto: photo.id)
        #expect(outputs.map(\.kind) == [.webp])
        #expect(outputs.first?.path == AbsolutePath.of(output))
        #expect(outputs.first?.parameters.contains(#""lossless":false"#) == true)
        #expect(try catalog.sources(ofOutput: outputs[0].id).count == 6)

        // A re-run replaces its own WebP; a GIF maker may not.
        _ = try AnimationMaker(frames: AnimationFrames(sizing: .longestEdge(32))).make(InputWalker.expand(folder.photos(1, 2)).files, output: output)
        #expect {
            try AnimationMaker(format: .gif).make(InputWalker.expand(folder.photos(1, 2)).files, output: output)
        } throws: { error in
            guard case let .output(_, reason)? = error as? AnimationError else { return false }
            return reason.description.contains("is a Filmroll animated WebP, not a Filmroll GIF")
        }
    }

    /// 300 frames of 320×240 (3 and 4 cs in turn), as an animated GIF
    /// input, into a GIF and a WebP: every frame arrives with its delay,
    /// and no more than a few frames are ever in memory.
    @Test(arguments: ["long.gif", "long.webp"])
    func aLongAnimationStreamsThroughAFewFrames(output: String) throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let size = PixelSize(width: 320, height: 240)
        let input = try AtomicFileWriter(path: folder.file("long-input.gif"))
        let stream = try GIFAnimator().stream(size: size, to: input)
        for index in 0..<300 { try stream.add(SyntheticAnimation.frame(index, size: size), centiseconds: 3 + index % 2) }
        try stream.finish()
        try input.commit()

        let maker = AnimationMaker()
        let made = try maker.make(InputWalker.expand([folder.file("long-input.gif")]).files, output: folder.file(output))

        #expect(made.animation.frameCount == 300)
        #expect(made.animation.canvas == size)
        let bound = maker.lookahead + GIFAnimationStream.defaultWindow + 2
        #expect(made.animation.peakFramesInMemory <= bound, "\(made.animation.peakFramesInMemory) frames in memory at once")
        let reader = try FrameReader(contentsOf: folder.file(output))
        #expect(reader.frameCount == 300)
        var delays: [Int] = []
        while let frame = try reader.next() { delays.append(frame.delayMilliseconds) }
        #expect(delays == (0..<300).map { 30 + $0 % 2 * 10 })
    }

    @Test func aCancelledRunWritesNothing() throws {
        let folder = try WorkflowFolder(copies: ["IMG_0007.jpg": "IMG_0002.jpg", "IMG_0008.jpg": "IMG_0003.jpg"])
        defer { folder.remove() }
        try Folders.create(folder.file("out"))
        let cancellation = CancellationToken()
        let decoded = Locked(0)
        #expect {
            try AnimationMaker(frames: AnimationFrames(sizing: .width(32)))
                .make(InputWalker.expand([folder.path]).files, output: folder.file("out/roll.webp"), cancellation: cancellation) {
                    if decoded.withLock({ $0 += 1; return $0 }) == 2 { cancellation.cancel() }
                }
        } throws: { error in
            guard case .cancelled? = error as? AnimationError else { return false }
            return true
        }
        #expect(Self.names(folder.file("out")).isEmpty)
    }

    /// An input that cannot be decoded, after frames were written: the
    /// temporary goes, and the Filmroll GIF already at the output stays.
    @Test(arguments: ["bad/not-an-image.jpg", "truncated"])
    func aFailureAfterSomeFramesLeavesTheOldFile(broken: String) throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        if broken == "truncated" {
            let gif = try Fixtures.bytes("gif/animated.gif")
            try AtomicFile.write(Array(gif.prefix(60)), to: folder.file("IMG_0004x.gif"))   // cut inside the first frame
        } else {
            try folder.add("IMG_0004x.gif", from: broken)
        }
        let output = folder.file("roll.gif")
        let maker = AnimationMaker(frames: AnimationFrames(sizing: .width(32)))
        _ = try maker.make(InputWalker.expand(folder.photos(1, 2)).files, output: output)
        let before = try FileBytes.read(output)

        #expect {
            try maker.make(InputWalker.expand(folder.photos(1, 2, 3, 4) + [folder.file("IMG_0004x.gif")] + folder.photos(5, 6)).files,
                           output: output)
        } throws: { error in
            guard case let .frame(path, _)? = error as? AnimationError else { return false }
            return path == folder.file("IMG_0004x.gif")
        }
        #expect(try FileBytes.read(output) == before)
        #expect(Self.names(folder.path).filter { $0.hasPrefix(".") }.isEmpty)
    }
}
