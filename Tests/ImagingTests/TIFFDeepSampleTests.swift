import Foundation
@testable import Imaging
import Testing
import TestSupport

/// TIFF pages of 12-bit, 32-bit integer and floating-point samples (scanners,
/// scientific and HDR exports), written by `TIFFFixture`, narrowed to 8 bits
/// by the maths the header states: n-bit integers v × 255 / (2^n − 1)
/// rounded, floats clamped to 0…1 and × 255 rounded.
@Suite struct TIFFDeepSampleTests {
    static func decode(_ fixture: TIFFFixture, options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        try ImageDecoder.decode(fixture.bytes, options: options)
    }

    /// Every sample of `image`, row by row.
    static func samples(_ image: Image) -> [UInt8] {
        (0..<image.height).flatMap { y in (0..<image.width).flatMap { x in image.pixel(x: x, y: y) } }
    }

    static func scaled(_ value: UInt64, bits: Int) -> UInt8 {
        let max = (UInt64(1) << UInt64(bits)) - 1
        return UInt8((value * 255 + max / 2) / max)
    }

    /// An odd width, so that packed rows end inside a byte.
    @Test(arguments: [false, true]) func twelveBitGrey(bigEndian: Bool) throws {
        let values: [UInt64] = (0..<(7 * 3)).map { UInt64($0 * 4095 / 20) }
        let fixture = TIFFFixture(width: 7, height: 3, samplesPerPixel: 1, bitsPerSample: 12, photometric: 1,
                                  bigEndian: bigEndian, samples: values)
        let decoded = try Self.decode(fixture)
        #expect(decoded.info.colorModel.description == "gray 12-bit")
        #expect(decoded.image.format == .gray8)
        #expect(Self.samples(decoded.image) == values.map { Self.scaled($0, bits: 12) })
        #expect(Self.samples(decoded.image).first == 0 && Self.samples(decoded.image).last == 255)
    }

    @Test func twelveBitRGB() throws {
        let values: [UInt64] = (0..<(5 * 2 * 3)).map { UInt64(($0 * 977) % 4096) }
        let fixture = TIFFFixture(width: 5, height: 2, samplesPerPixel: 3, bitsPerSample: 12, photometric: 2,
                                  samples: values)
        let decoded = try Self.decode(fixture)
        #expect(decoded.info.colorModel.description == "RGB 12-bit")
        #expect(Self.samples(decoded.image) == values.map { Self.scaled($0, bits: 12) })
    }

    @Test func otherPackedDepthsAndMinIsWhite() throws {
        for bits in [10, 14] {
            let max = (UInt64(1) << UInt64(bits)) - 1
            let values: [UInt64] = [0, 1, max / 3, max / 2, max - 1, max]
            let fixture = TIFFFixture(width: 3, height: 2, samplesPerPixel: 1, bitsPerSample: bits, photometric: 0,
                                      samples: values)
            let decoded = try Self.decode(fixture)
            // Min-is-white: the narrowed value inverted.
            #expect(Self.samples(decoded.image) == values.map { 255 - Self.scaled($0, bits: bits) }, "\(bits) bits")
        }
    }

    @Test(arguments: [false, true]) func thirtyTwoBitUnsigned(bigEndian: Bool) throws {
        let values: [UInt64] = [0, 0x0101_0101, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF]
        let grey = TIFFFixture(width: 3, height: 2, samplesPerPixel: 1, bitsPerSample: 32, photometric: 1,
                               bigEndian: bigEndian, samples: values)
        #expect(Self.samples(try Self.decode(grey).image) == [0, 1, 127, 128, 255, 255])
        let rgb = TIFFFixture(width: 2, height: 1, samplesPerPixel: 3, bitsPerSample: 32, photometric: 2,
                              bigEndian: bigEndian, samples: values)
        let decoded = try Self.decode(rgb)
        #expect(decoded.info.colorModel.description == "RGB 32-bit")
        #expect(Self.samples(decoded.image) == [0, 1, 127, 128, 255, 255])
    }

    /// Below 0 and NaN are black, above 1 white; 0.5 is 127.5, rounded up.
    static let floats: [Float] = [-0.5, 0, 0.2, 0.5, 1, 2.5, .nan, .infinity, 0.25]
    static let narrowedFloats: [UInt8] = [0, 0, 51, 128, 255, 255, 0, 255, 64]

    @Test(arguments: [false, true]) func floatGrey(bigEndian: Bool) throws {
        let fixture = TIFFFixture(width: 3, height: 3, samplesPerPixel: 1, bitsPerSample: 32, sampleFormat: 3,
                                  photometric: 1, bigEndian: bigEndian, samples: TIFFFixture.float32(Self.floats))
        let decoded = try Self.decode(fixture)
        #expect(decoded.info.colorModel.description == "gray 32-bit float")
        #expect(Self.samples(decoded.image) == Self.narrowedFloats)
    }

    @Test func floatRGBWithAlpha() throws {
        let values: [Float] = [1, 0.5, 0, 1, 0.2, 0.4, 0.6, 0.5]
        let fixture = TIFFFixture(width: 2, height: 1, samplesPerPixel: 4, bitsPerSample: 32, sampleFormat: 3,
                                  photometric: 2, extraSamples: [2], samples: TIFFFixture.float32(values))
        let decoded = try Self.decode(fixture)
        #expect(decoded.image.format == .rgba8)
        #expect(Self.samples(decoded.image) == [255, 128, 0, 255, 51, 102, 153, 128])
    }

    @Test(arguments: [false, true]) func halfAndDoubleFloats(bigEndian: Bool) throws {
        let half = TIFFFixture(width: 3, height: 3, samplesPerPixel: 1, bitsPerSample: 16, sampleFormat: 3,
                               photometric: 1, bigEndian: bigEndian, samples: TIFFFixture.float16(Self.floats))
        #expect(Self.samples(try Self.decode(half).image) == Self.narrowedFloats)
        let double = TIFFFixture(width: 3, height: 3, samplesPerPixel: 1, bitsPerSample: 64, sampleFormat: 3,
                                 photometric: 1, bigEndian: bigEndian,
                                 samples: TIFFFixture.float64(Self.floats.map(Double.init)))
        #expect(Self.samples(try Self.decode(double).image) == Self.narrowedFloats)
        // A half-float subnormal (2^-24) and one just under 1 (2047/2048).
        let edges = TIFFFixture(width: 2, height: 1, samplesPerPixel: 1, bitsPerSample: 16, sampleFormat: 3,
                                photometric: 1, bigEndian: bigEndian, samples: [0x0001, 0x3BFF])
        #expect(Self.samples(try Self.decode(edges).image) == [0, 255])
    }

    /// A thumbnail's shrink averages the narrowed samples.
    @Test func shrunkWhileRead() throws {
        let values: [UInt64] = (0..<(16 * 16)).map { UInt64(($0 % 16) < 8 ? 0 : 4095) }
        let fixture = TIFFFixture(width: 16, height: 16, samplesPerPixel: 1, bitsPerSample: 12, photometric: 1,
                                  samples: values)
        let small = try Self.decode(fixture, options: DecodeOptions(target: .edge(4)))
        #expect(small.image.size == PixelSize(width: 4, height: 4))
        #expect(Self.samples(small.image) == Array([0, 0, 255, 255].repeated(4)))
    }

    /// Signed integers of n bits read as unsigned ones of n - 1 bits,
    /// negatives black; 32-bit ones are refused.
    @Test(arguments: [false, true]) func signedIntegers(bigEndian: Bool) throws {
        func pattern(_ value: Int64, bits: Int) -> UInt64 { UInt64(bitPattern: value) & ((1 << UInt64(bits)) - 1) }
        let cases: [(bits: Int, values: [Int64], expected: [UInt8])] = [
            (8, [-128, -1, 0, 1, 127, 64], [0, 0, 0, 2, 255, 129]),
            (16, [-32768, -1, 0, 256, 32767, 16384], [0, 0, 0, 2, 255, 128]),
        ]
        for (bits, values, expected) in cases {
            let grey = TIFFFixture(width: 3, height: 2, samplesPerPixel: 1, bitsPerSample: bits, sampleFormat: 2,
                                   photometric: 1, bigEndian: bigEndian, samples: values.map { pattern($0, bits: bits) })
            #expect(Self.samples(try Self.decode(grey).image) == expected, "\(bits) bits")
            let rgb = TIFFFixture(width: 2, height: 1, samplesPerPixel: 3, bitsPerSample: bits, sampleFormat: 2,
                                  photometric: 2, bigEndian: bigEndian, samples: values.map { pattern($0, bits: bits) })
            #expect(Self.samples(try Self.decode(rgb).image) == expected, "\(bits) bits RGB")
        }
        let wide = TIFFFixture(width: 2, height: 1, samplesPerPixel: 1, bitsPerSample: 32, sampleFormat: 2,
                               photometric: 1, samples: [0, 5])
        #expect(throws: ImagingError.self) { try Self.decode(wide) }
    }
}

extension Array {
    fileprivate func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}
