import Foundation
import Imaging
import Testing
import TestSupport

/// Animated PNGs count their frames, and give them composited by their
/// dispose and blend operations, with their delays.
@Suite struct APNGTests {
    static let canvas = PixelSize(width: 8, height: 6)
    static let red: [UInt8] = [255, 0, 0, 255]
    static let clear: [UInt8] = [0, 0, 0, 0]

    /// Six frames, the first the default image: each operation once.
    static func operations() throws -> [UInt8] {
        try APNGBuilder.make(canvas: canvas, frames: [
            // 0: red everywhere; kept.
            .init(APNGBuilder.solid(8, 6, red), delay: (1, 10)),
            // 1: green 4×3 at (2,1); cleared afterwards. A denominator of 0 is 100.
            .init(APNGBuilder.solid(4, 3, [0, 255, 0, 255]), x: 2, y: 1, delay: (50, 0), dispose: 1),
            // 2: half-transparent blue over red at (0,0); put back afterwards.
            .init(APNGBuilder.solid(2, 2, [0, 0, 255, 128]), delay: (3, 1000), dispose: 2, blend: 1),
            // 3: white 2×2 at (6,4).
            .init(APNGBuilder.solid(2, 2, [255, 255, 255, 255]), x: 6, y: 4, delay: (0, 1)),
            // 4: half-transparent orange over the cleared area at (3,2).
            .init(APNGBuilder.solid(1, 1, [200, 100, 50, 128]), x: 3, y: 2, delay: (1, 1), blend: 1),
            // 5: a transparent pixel drawn by "source" at (0,5) replaces red.
            .init(APNGBuilder.solid(1, 1, [9, 9, 9, 0]), x: 0, y: 5, delay: (1, 3)),
        ], plays: 3)
    }

    /// The canvas expected: red, with `overrides` at their pixels.
    static func expected(_ overrides: [(Range<Int>, Range<Int>, [UInt8])]) -> [[UInt8]] {
        var pixels = [[UInt8]](repeating: red, count: canvas.pixelCount)
        for (xs, ys, value) in overrides { for y in ys { for x in xs { pixels[y * canvas.width + x] = value } } }
        return pixels
    }

    static func pixels(_ image: Image) -> [[UInt8]] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image.pixel(x: x, y: y) } }
    }

    @Test func infoCountsTheFramesAndTheLoop() throws {
        let info = try ImageDecoder.readInfo(try Self.operations())
        #expect(info.format == .png)
        #expect(info.metadata.frameCount == 6)
        #expect(info.metadata.loop == .repeats(2))
        #expect(info.storedSize == Self.canvas)
        #expect(info.warnings.isEmpty)
    }

    @Test func framesAreCompositedByTheirOperations() throws {
        let bytes = try Self.operations()
        let path = NSTemporaryDirectory() + "filmroll-apng-\(UUID().uuidString).png"
        try AtomicFile.write(bytes, to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try FrameReader(contentsOf: path)
        #expect(reader.isAnimation && reader.frameCount == 6)
        var frames: [ImageFrame] = []
        while let frame = try reader.next() { frames.append(frame) }
        try #require(frames.count == 6)
        #expect(frames.map(\.delayMilliseconds) == [100, 500, 3, 0, 1000, 333])
        #expect(frames.allSatisfy { $0.image.format == .rgba8 && $0.image.size == Self.canvas })

        let green: [UInt8] = [0, 255, 0, 255], blueOverRed: [UInt8] = [127, 0, 128, 255], white: [UInt8] = [255, 255, 255, 255]
        let afterGreen: [(Range<Int>, Range<Int>, [UInt8])] = [(2..<6, 1..<4, Self.clear)]
        let wanted: [[[UInt8]]] = [
            Self.expected([]),
            Self.expected([(2..<6, 1..<4, green)]),
            // Frame 1 cleared; blue at half alpha over red: (255·127 + 0·128)/255, 255·128/255.
            Self.expected(afterGreen + [(0..<2, 0..<2, blueOverRed)]),
            // Frame 2 put back: red at the top left again.
            Self.expected(afterGreen + [(6..<8, 4..<6, white)]),
            // Over transparent black, a half-transparent pixel keeps its colour and alpha.
            Self.expected(afterGreen + [(6..<8, 4..<6, white), (3..<4, 2..<3, [200, 100, 50, 128])]),
            Self.expected(afterGreen + [(6..<8, 4..<6, white), (3..<4, 2..<3, [200, 100, 50, 128]), (0..<1, 5..<6, [9, 9, 9, 0])]),
        ]
        for (index, frame) in frames.enumerated() {
            #expect(Self.pixels(frame.image) == wanted[index], "frame \(index)")
        }

        // Decoding all frames at once gives the same.
        let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all))
        #expect(decoded.frames.map(\.image.pixels) == frames.map(\.image.pixels))
        // The still is the default image: the first frame.
        #expect(Self.pixels(try ImageDecoder.decode(bytes).image) == wanted[0])
    }

    @Test func aDefaultImageOutsideTheAnimationIsTheStillOnly() throws {
        let blue = APNGBuilder.solid(8, 6, [0, 0, 255, 255])
        let bytes = try APNGBuilder.make(canvas: Self.canvas, frames: [
            .init(APNGBuilder.solid(8, 6, [10, 20, 30, 255]), delay: (1, 4)),
            .init(APNGBuilder.solid(2, 1, [40, 50, 60, 255]), x: 1, y: 1, delay: (1, 2)),
        ], defaultImage: blue, plays: 1)
        let info = try ImageDecoder.readInfo(bytes)
        #expect(info.metadata.frameCount == 2)
        #expect(info.metadata.loop == .once)
        #expect(try ImageDecoder.decode(bytes).image.pixel(x: 0, y: 0).prefix(3) == [0, 0, 255])

        let frames = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all)).frames
        try #require(frames.count == 2)
        #expect(frames.map(\.delayMilliseconds) == [250, 500])
        #expect(Self.pixels(frames[0].image).allSatisfy { $0 == [10, 20, 30, 255] })
        #expect(frames[1].image.pixel(x: 1, y: 1) == [40, 50, 60, 255])
        #expect(frames[1].image.pixel(x: 2, y: 1) == [40, 50, 60, 255])
        #expect(frames[1].image.pixel(x: 3, y: 1) == [10, 20, 30, 255])
    }

    @Test func anRGBAnimationWithoutAlphaClearsToTransparent() throws {
        // Frames of an RGB PNG (colour type 2) decode without alpha; "background" still clears to transparent.
        func rgb(_ width: Int, _ height: Int, _ value: [UInt8]) -> Image {
            Image(width: width, height: height, format: .rgb8, pixels: Array([[UInt8]](repeating: value, count: width * height).joined()))
        }
        let bytes = try APNGBuilder.make(canvas: PixelSize(width: 4, height: 4), frames: [
            .init(rgb(4, 4, [1, 2, 3])),
            .init(rgb(2, 2, [4, 5, 6]), x: 2, y: 2, dispose: 1),
            .init(rgb(1, 1, [7, 8, 9])),
        ])
        let frames = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all)).frames
        try #require(frames.count == 3)
        #expect(frames[1].image.pixel(x: 3, y: 3) == [4, 5, 6, 255])
        #expect(frames[2].image.pixel(x: 3, y: 3) == [0, 0, 0, 0])
        #expect(frames[2].image.pixel(x: 0, y: 0) == [7, 8, 9, 255])
        #expect(frames[2].image.pixel(x: 1, y: 1) == [1, 2, 3, 255])
    }

    @Test func aFrameOutsideTheImageLeavesTheStillWithAWarning() throws {
        let bytes = try APNGBuilder.make(canvas: Self.canvas, frames: [
            .init(APNGBuilder.solid(8, 6, Self.red)),
            .init(APNGBuilder.solid(4, 4, Self.red), x: 6, y: 0),
        ])
        let info = try ImageDecoder.readInfo(bytes)
        #expect(info.metadata.frameCount == 1)
        #expect(info.warnings == ["its animation cannot be played (a frame of 4×4 at 6,0 lies outside the 8×6 image); the still image is read"])
        #expect(try ImageDecoder.decode(bytes).image.pixel(x: 7, y: 5).prefix(3) == [255, 0, 0])
    }

    @Test func framesMissingFromACutFileAreNotCounted() throws {
        // acTL declares 5 frames; 3 are in the file.
        let bytes = try APNGBuilder.make(canvas: Self.canvas, frames: [
            .init(APNGBuilder.solid(8, 6, Self.red)),
            .init(APNGBuilder.solid(1, 1, Self.clear)),
            .init(APNGBuilder.solid(1, 1, Self.clear)),
        ], declaredFrames: 5)
        #expect(try ImageDecoder.readInfo(bytes).metadata.frameCount == 3)
        // And a declared count below the frames present is the count.
        let fewer = try APNGBuilder.make(canvas: Self.canvas, frames: [
            .init(APNGBuilder.solid(8, 6, Self.red)),
            .init(APNGBuilder.solid(1, 1, Self.clear)),
            .init(APNGBuilder.solid(1, 1, Self.clear)),
        ], declaredFrames: 2)
        #expect(try ImageDecoder.decode(fewer, options: DecodeOptions(frames: .all)).frames.count == 2)
    }

    @Test func aPlainPNGIsOneFrame() throws {
        let png = try ImageEncoder.encode(APNGBuilder.solid(3, 2, Self.red), as: .png(PNGEncodingOptions()))
        #expect(try ImageDecoder.readInfo(png).metadata.frameCount == 1)
        #expect(try ImageDecoder.readInfo(png).metadata.loop == nil)
    }
}
