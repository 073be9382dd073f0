import Imaging
import Testing
import TestSupport

@Suite struct PNGDecodingTests {
    @Test func rgbaKeepsStraightAlpha() throws {
        let image = try Fixtures.decode("png/rgba.png").image
        #expect(image.format == .rgba8)
        for (x, y) in [(0, 0), (31, 15), (5, 20), (17, 3)] {
            let alpha = y < 16 ? UInt8(x * 8) : 255
            #expect(image.pixel(x: x, y: y) == [UInt8(x * 8), UInt8(y * 8), 128, alpha])
        }
    }

    @Test func paletteWithTRNSBecomesAlpha() throws {
        let image = try Fixtures.decode("png/palette-trns.png").image
        let expected: [[UInt8]] = [[255, 0, 0, 0], [0, 255, 0, 128], [0, 0, 255, 255], [255, 255, 255, 255]]
        for x in 0..<32 { #expect(image.pixel(x: x, y: 9) == expected[(x / 8) % 4]) }
    }

    @Test func sixteenBitRoundsToEightBits() throws {
        let image = try Fixtures.decode("png/rgb16.png").image
        for y in 0..<16 {
            for x in 0..<16 {
                #expect(image.pixel(x: x, y: y) == [UInt8(x * 17), UInt8(255 - x * 17), UInt8(y * 17)])
            }
        }
    }

    @Test func adam7InterlaceIsUndone() throws {
        let decoded = try Fixtures.decode("png/interlaced.png")
        #expect(decoded.info.isProgressive)
        let image = decoded.image
        #expect(image.size == PixelSize(width: 33, height: 17))
        for y in 0..<17 {
            for x in 0..<33 {
                #expect(image.pixel(x: x, y: y) == [UInt8((x * 7) % 256), UInt8((y * 15) % 256), UInt8((x * y) % 256)])
            }
        }
    }

    @Test func eXIfChunkOrientationIsApplied() throws {
        let decoded = try Fixtures.decode("png/gray-exif.png")
        #expect(decoded.info.metadata.orientation == .right)
        #expect(decoded.info.storedSize == PixelSize(width: 24, height: 16))
        #expect(decoded.image.size == PixelSize(width: 16, height: 24))
        // Stored: value = 10x along each row. Rotated 90° clockwise, the ramp runs top to bottom.
        for y in 0..<24 {
            #expect(decoded.image.pixel(x: 7, y: y) == [UInt8(y * 10), UInt8(y * 10), UInt8(y * 10)])
        }
    }

    @Test func corruptedCRCIsAnError() throws {
        var bytes = try Fixtures.bytes("png/rgba.png")
        // Flip a byte inside the IHDR chunk's data (offset 16..28), so its CRC no longer matches.
        bytes[20] ^= 0x01
        #expect(throws: ImagingError.corrupt(.png, "IHDR: CRC error")) { try ImageDecoder.decode(bytes) }
    }

    @Test func truncatedPNGIsAnError() throws {
        let bytes = try Fixtures.bytes("png/rgba.png")
        #expect {
            try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2)))
        } throws: { error in
            guard case .truncated(.png, _)? = error as? ImagingError else { return false }
            return true
        }
    }
}
