import Imaging
import Testing
import TestSupport

@Suite struct LimitsTests {
    /// A real JPEG whose SOF header is patched to claim `size`.
    static func jpegClaiming(_ size: PixelSize) throws -> [UInt8] {
        let image = Image(width: 16, height: 16, format: .rgb8)
        var bytes = try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions()))
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 5] = UInt8(size.height >> 8); bytes[sof + 6] = UInt8(size.height & 0xFF)
        bytes[sof + 7] = UInt8(size.width >> 8); bytes[sof + 8] = UInt8(size.width & 0xFF)
        return bytes
    }

    @Test func hugeJPEGHeaderFailsFastWithoutAllocating() throws {
        let bytes = try Self.jpegClaiming(PixelSize(width: 65500, height: 65500))
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 65500, height: 65500))) {
                try ImageDecoder.decode(bytes)
            }
        }
        #expect(String(describing: ImagingError.imageTooLarge(PixelSize(width: 65500, height: 65500)))
                == "image too large (65500×65500)")
        // Failing before allocation takes milliseconds; allocating ~12 GB would not.
        #expect(elapsed < .seconds(2))
    }

    @Test func hugePNGHeaderFailsBeforeDecoding() throws {
        var bytes = try Fixtures.bytes("png/rgba.png")
        // IHDR data starts at 16: width, height (big-endian); then fix the CRC.
        for (offset, value) in [(16, 60000), (20, 60000)] {
            bytes[offset] = UInt8(value >> 24); bytes[offset + 1] = UInt8((value >> 16) & 0xFF)
            bytes[offset + 2] = UInt8((value >> 8) & 0xFF); bytes[offset + 3] = UInt8(value & 0xFF)
        }
        let crc = CRC32.checksum(bytes[12..<29])
        for index in 0..<4 { bytes[29 + index] = UInt8((crc >> (24 - 8 * UInt32(index))) & 0xFF) }
        #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 60000, height: 60000))) {
            try ImageDecoder.decode(bytes)
        }
    }

    @Test func hugeGIFScreenFailsBeforeDecoding() throws {
        var bytes = try Fixtures.bytes("gif/still.gif")
        bytes[6] = 0xFF; bytes[7] = 0xFF; bytes[8] = 0xFF; bytes[9] = 0xFF
        #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 65535, height: 65535))) {
            try ImageDecoder.decode(bytes)
        }
    }

    @Test func pixelLimitIsConfigurable() throws {
        var limits = DecodeLimits()
        limits.maxPixelsPerFrame = 640 * 480 - 1
        #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 640, height: 480))) {
            try Fixtures.decode("jpeg/photo.jpg", options: DecodeOptions(limits: limits))
        }
        limits.maxPixelsPerFrame = 640 * 480
        #expect(throws: Never.self) { try Fixtures.decode("jpeg/photo.jpg", options: DecodeOptions(limits: limits)) }
    }

    @Test func animationTotalIsLimited() throws {
        var limits = DecodeLimits()
        limits.maxTotalPixels = 48 * 32 * 3
        #expect(throws: ImagingError.animationTooLarge(frames: 4, size: PixelSize(width: 48, height: 32))) {
            try Fixtures.decode("gif/animated.gif", options: DecodeOptions(frames: .all, limits: limits))
        }
        // The first frame alone is within the limit.
        #expect(throws: Never.self) { try Fixtures.decode("gif/animated.gif", options: DecodeOptions(limits: limits)) }
    }

    @Test func frameCountIsLimited() throws {
        var limits = DecodeLimits()
        limits.maxFrames = 3
        #expect {
            try Fixtures.decode("gif/animated.gif", options: DecodeOptions(frames: .all, limits: limits))
        } throws: { error in
            guard case .limitExceeded? = error as? ImagingError else { return false }
            return true
        }
    }
}

/// CRC-32 (ISO-HDLC), as PNG chunks use it.
enum CRC32 {
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
