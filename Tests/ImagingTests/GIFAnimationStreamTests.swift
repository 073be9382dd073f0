import Glibc
@testable import Imaging
import Testing
import TestSupport

/// The GIF encoder fed one frame at a time: what it writes does not depend
/// on how many frames it holds, and it never holds many.
@Suite struct GIFAnimationStreamTests {
    /// Decodes a GIF's frames, flattened to RGB.
    static func frames(of bytes: [UInt8]) throws -> [ImageFrame] {
        try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all)).frames.map {
            ImageFrame(image: $0.image.flattened(over: .white), delayCentiseconds: $0.delayCentiseconds)
        }
    }

    static func encode(_ frames: [Image], delays: [Int], window: Int, options: GIFOptions = GIFOptions()) throws -> [UInt8] {
        let sink = MemorySink()
        let stream = try GIFAnimator(options: options).stream(size: frames[0].size, to: sink, window: window)
        for (frame, delay) in zip(frames, delays) { try stream.add(frame, centiseconds: delay) }
        try stream.finish()
        return sink.bytes
    }

    /// Windows of 1, 3 and 64 frames give the same frames and delays, near the source.
    @Test func theWindowChangesNothingVisible() throws {
        let source = SyntheticAnimation.frames(10, size: PixelSize(width: 64, height: 48))
        let delays = [4, 7, 10, 3, 3, 4, 20, 1, 9, 12]
        let whole = try Self.frames(of: Self.encode(source, delays: delays, window: 64))
        #expect(whole.map(\.delayCentiseconds) == delays)
        for (frame, original) in zip(whole, source) { #expect(PixelMatch.psnr(frame.image, original) > 33) }
        for window in [1, 3] {
            let streamed = try Self.frames(of: Self.encode(source, delays: delays, window: window))
            #expect(streamed.map(\.delayCentiseconds) == delays)
            for (frame, original) in zip(streamed, source) { #expect(PixelMatch.psnr(frame.image, original) > 33) }
        }
    }

    /// A frame identical to the one before adds its delay to it, even when
    /// that one was quantized in an earlier window.
    @Test func identicalFramesMergeAcrossWindows() throws {
        let square = GIFAnimatorTests.movingSquare(2)
        for window in [1, 2, 8] {
            let bytes = try Self.encode([square[0], square[0], square[1], square[1], square[1]], delays: [10, 10, 10, 20, 30],
                                        window: window)
            #expect(try Self.frames(of: bytes).map(\.delayCentiseconds) == [20, 60], "window \(window)")
        }
    }

    /// 300 frames of 320×240: at most a window of frames is held, and the
    /// file goes to the sink as it is made, not at the end.
    @Test func aLongAnimationHoldsAWindowAndWritesAsItGoes() throws {
        let size = PixelSize(width: 320, height: 240)
        let sink = MemorySink()
        let stream = try GIFAnimator().stream(size: size, to: sink, window: 8)
        var writtenAtHalf = 0
        for index in 0..<300 {
            try stream.add(SyntheticAnimation.frame(index, size: size), milliseconds: 40)
            if index == 149 { writtenAtHalf = sink.bytes.count }
        }
        try stream.finish()
        #expect(stream.peakFramesHeld <= 9)
        #expect(writtenAtHalf > sink.bytes.count / 3, "\(writtenAtHalf) of \(sink.bytes.count) bytes written after half the frames")
        let path = try Self.file(sink.bytes)
        defer { _ = unlink(path) }
        let reader = try FrameReader(contentsOf: path)
        #expect(reader.frameCount == 300)
        var index = 0
        while let frame = try reader.next() {
            if index % 50 == 0 {
                #expect(frame.delayCentiseconds == 4)
                #expect(PixelMatch.psnr(frame.image.flattened(over: .white), SyntheticAnimation.frame(index, size: size)) > 30)
            }
            index += 1
        }
        #expect(index == 300)
    }

    /// One palette is shared when the first window's frames allow it; a
    /// later frame of colours it lacks gets its own palette.
    @Test func aSharedPaletteGivesWayToNewColours() throws {
        let size = PixelSize(width: 64, height: 48)
        let grey = (0..<8).map { index in
            var image = Image.filled(size, with: RGBColor(red: 120, green: 120, blue: 120))
            image.place(Image.filled(PixelSize(width: 6, height: 6), with: RGBColor(red: 40, green: 40, blue: 40)), at: (index * 6, 20))
            return image
        }
        let colourful = SyntheticAnimation.frames(4, size: size, tint: 60)
        let source = grey + colourful
        let decoded = try Self.frames(of: Self.encode(source, delays: Array(repeating: 10, count: 12), window: 8))
        #expect(decoded.count == 12)
        for (frame, original) in zip(decoded, source) { #expect(PixelMatch.psnr(frame.image, original) > 30) }
    }

    static func file(_ bytes: [UInt8]) throws -> String {
        let path = "/tmp/filmroll-stream-\(UInt32.random(in: 0...UInt32.max)).gif"
        try AtomicFile.write(bytes, to: path)
        return path
    }
}
