import Imaging
import Testing
import TestSupport

@Suite struct GIFDecodingTests {
    static let backgrounds: [[UInt8]] = [[200, 0, 0, 255], [0, 200, 0, 255], [0, 0, 200, 255], [200, 200, 0, 255]]

    @Test func animatedGIFHasEveryFrameWithItsDelay() throws {
        let decoded = try Fixtures.decode("gif/animated.gif", options: DecodeOptions(frames: .all))
        #expect(decoded.info.metadata.frameCount == 4)
        #expect(decoded.info.metadata.loop == .forever)
        #expect(decoded.frames.map(\.delayCentiseconds) == [10, 20, 30, 50])
        for (index, frame) in decoded.frames.enumerated() {
            let image = frame.image
            #expect(image.size == PixelSize(width: 48, height: 32))
            #expect(image.pixel(x: 1, y: 2) == Self.backgrounds[index])
            #expect(image.pixel(x: 4 + 10 * index + 3, y: 15) == [255, 255, 255, 255])
            // The previous frame's square is gone (each frame covers the screen).
            if index > 0 { #expect(image.pixel(x: 4 + 10 * (index - 1) + 1, y: 13) == Self.backgrounds[index]) }
        }
    }

    @Test func firstFrameOnlyByDefault() throws {
        let decoded = try Fixtures.decode("gif/animated.gif")
        #expect(decoded.frames.count == 1)
        #expect(decoded.frames[0].delayCentiseconds == 10)
    }

    @Test func stillGIFPlaysOnce() throws {
        let decoded = try Fixtures.decode("gif/still.gif")
        #expect(decoded.info.metadata.frameCount == 1)
        #expect(decoded.info.metadata.loop == nil)
        #expect(decoded.image.pixel(x: 2, y: 8) == [0, 0, 0, 255])
        #expect(decoded.image.pixel(x: 12, y: 8) == [255, 255, 255, 255])
    }

    @Test func truncatedAnimationKeepsItsWholeFrames() throws {
        let bytes = try Fixtures.bytes("gif/animated.gif")
        // Cut in the middle of the last frame: the first frames still decode.
        let decoded = try ImageDecoder.decode(Array(bytes.prefix(bytes.count - 40)), options: DecodeOptions(frames: .all))
        #expect(decoded.frames.count == 3)
        #expect(throws: ImagingError.truncated(.gif, "GIF has no complete frame: Failed to read from given file")) {
            try ImageDecoder.decode(Array(bytes.prefix(30)))
        }
    }
}
