import Foundation
@testable import Imaging
import Testing
import TestSupport

/// Animated WebPs read back through libwebp's own decoder (WebPAnimDecoder,
/// behind `ImageDecoder` and `FrameReader`): frames, delays, loop, pixels.
@Suite struct WebPAnimatorTests {
    static let size = PixelSize(width: 96, height: 64)

    @Test func lossyFramesDelaysAndLoopReadBack() throws {
        let frames = SyntheticAnimation.frames(5, size: Self.size)
        var options = WebPAnimationOptions()
        options.loop = .repeats(2)
        let bytes = try WebPAnimator.encode(frames, milliseconds: [40, 70, 33, 1000, 5], options: options)

        let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all))
        #expect(decoded.info.format == .webp)
        #expect(decoded.frames.count == 5)
        #expect(decoded.frames.map(\.delayMilliseconds) == [40, 70, 33, 1000, 5])
        #expect(decoded.info.metadata.loop == .repeats(2))    // three plays: WebP's loop count 3
        for (frame, source) in zip(decoded.frames, frames) {
            #expect(PixelMatch.psnr(frame.image.flattened(over: .white), source) > 32)
        }
    }

    @Test func losslessFramesAreExact() throws {
        let frames = SyntheticAnimation.frames(4, size: Self.size)
        var options = WebPAnimationOptions()
        options.lossless = true
        options.loop = .once
        let bytes = try WebPAnimator.encode(frames, milliseconds: [100, 100, 100, 100], options: options)
        let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all))
        #expect(decoded.info.metadata.loop == .once)
        for (frame, source) in zip(decoded.frames, frames) {
            #expect(frame.image.flattened(over: .white).pixels == source.pixels)
        }
    }

    /// 30 fps is 33, 34, 33 ms …, a whole second every 30 frames, as the
    /// GIF's 3, 4, 3 cs are.
    @Test func thirtyFPSStaysExactInMilliseconds() throws {
        let timing = FrameTiming.fps(30)
        #expect(Array(timing.wholeMilliseconds(count: 6)) == [33, 34, 33, 33, 34, 33])
        let frames = SyntheticAnimation.frames(30, size: PixelSize(width: 32, height: 24))
        let bytes = try WebPAnimator.encode(frames, milliseconds: (0..<30).map { timing.milliseconds(at: $0) })
        let delays = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all)).frames.map(\.delayMilliseconds)
        #expect(delays.count == 30)
        #expect(delays.reduce(0, +) == 1000)
        #expect(Set(delays) == [33, 34])
    }

    /// Only what changed is encoded: a still background of noise costs once.
    @Test(arguments: [false, true])
    func laterFramesAreDifferenced(lossless: Bool) throws {
        let background = Self.noise(PixelSize(width: 240, height: 160), seed: 1)
        let frames = (0..<12).map { index in
            var frame = background
            frame.place(Image.filled(PixelSize(width: 16, height: 16), with: RGBColor(red: 230, green: 40, blue: 40)), at: (index * 12, 70))
            return frame
        }
        var options = WebPAnimationOptions()
        options.lossless = lossless
        let animation = try WebPAnimator.encode(frames, milliseconds: Array(repeating: 100, count: 12), options: options)
        let first = try WebPAnimator.encode([frames[0]], milliseconds: [100], options: options)
        #expect(animation.count < first.count * 2, "12 frames: \(animation.count) B, one frame: \(first.count) B")
        let decoded = try ImageDecoder.decode(animation, options: DecodeOptions(frames: .all))
        #expect(decoded.frames.count == 12)
        #expect(PixelMatch.near(decoded.frames[11].image.pixel(x: 140, y: 78), [230, 40, 40, 255], tolerance: lossless ? 0 : 24))
    }

    /// Noise from a xorshift generator: nothing for a codec to predict.
    static func noise(_ size: PixelSize, seed: UInt32) -> Image {
        var state = seed &* 2_654_435_761 | 1
        let pixels = (0..<(size.pixelCount * 3)).map { _ -> UInt8 in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
        return Image(width: size.width, height: size.height, format: .rgb8, pixels: pixels)
    }

    @Test func theMarkIsFoundAfterTheFrames() throws {
        // Noise frames larger than the 72 KB a mark is looked for in other formats.
        let noise = (0..<3).map { Self.noise(PixelSize(width: 200, height: 150), seed: UInt32($0 + 1)) }
        var options = WebPAnimationOptions()
        options.lossless = true
        options.mark = OutputMark.webp.text
        let bytes = try WebPAnimator.encode(noise, milliseconds: [100, 100, 100], options: options)
        #expect(bytes.count > OutputMark.searchLength)
        #expect(OutputMark.read(bytes) == .webp)
        let path = NSTemporaryDirectory() + "filmroll-mark-\(UUID().uuidString).webp"
        try AtomicFile.write(bytes, to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(OutputMark.read(contentsOf: path) == .webp)
        #expect(OutputMark.read(try WebPAnimator.encode(noise, milliseconds: [1, 1, 1])) == nil)   // unmarked
        #expect(OutputMark.creatorTool(inXMP: "<x xmp:CreatorTool = 'Filmroll gif'/>") == "Filmroll gif")
        #expect(OutputMark.creatorTool(inXMP: "<xmp:CreatorTool>Filmroll &amp; co</xmp:CreatorTool>") == "Filmroll & co")
    }

    /// Frames all alike become one still picture (libwebp's choice), marked all the same.
    @Test func identicalFramesMergeIntoAMarkedStill() throws {
        let frame = SyntheticAnimation.frame(0, size: Self.size)
        var options = WebPAnimationOptions()
        options.mark = OutputMark.webp.text
        let bytes = try WebPAnimator.encode([frame, frame, frame], milliseconds: [100, 100, 100], options: options)
        let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all))
        #expect(decoded.frames.count == 1)
        #expect(PixelMatch.psnr(decoded.image.flattened(over: .white), frame) > 32)
        #expect(OutputMark.read(bytes) == .webp)
    }

    /// Pillow (through its own libwebp) reads the frames, durations and loop we wrote.
    @Test(.enabled(if: pillowAvailable, "Python with Pillow is not installed"))
    func pillowAgrees() throws {
        var options = WebPAnimationOptions()
        options.loop = .repeats(4)
        let bytes = try WebPAnimator.encode(SyntheticAnimation.frames(3, size: Self.size), milliseconds: [50, 120, 80], options: options)
        let path = NSTemporaryDirectory() + "filmroll-pillow-\(UUID().uuidString).webp"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            durations = []
            for i in range(im.n_frames):
                im.seek(i)
                im.load()
                durations.append(str(im.info.get("duration")))
            print(im.n_frames, im.info.get("loop"), " ".join(durations))
            """
        #expect(try runPython(script, path).trimmingCharacters(in: .whitespacesAndNewlines) == "3 5 50 120 80")
    }
}
