import Foundation
@testable import Imaging
import Testing
import TestSupport

/// Lab TIFFs (CIELab, ICCLab, ITULab; 8 and 16 bits) go through lcms2's D50
/// Lab profile to sRGB, relative colorimetric: Lab's white is sRGB's white,
/// not the yellowish (255, 252, 222) of libtiff's own conversion. Expected
/// values are lcms2's floating-point answer (`transicc -t1 -i*Lab -o*sRGB`).
@Suite struct TIFFLabTests {
    /// Lab in doubles, encoded as `photometric` (8, 9 or 10) stores it in
    /// `bits` (8 or 16), rounded and clamped to what the encoding holds.
    static func encoded(_ lab: [(Double, Double, Double)], photometric: Int, bits: Int) -> [UInt64] {
        let full = bits == 8 ? 255.0 : 65535.0
        func unsigned(_ value: Double, max: Double) -> UInt64 { UInt64(Swift.min(Swift.max(value.rounded(), 0), max)) }
        func signed(_ value: Double) -> UInt64 {
            let limit = bits == 8 ? 127.0 : 32767.0
            let stored = Int64(Swift.min(Swift.max(value.rounded(), -limit - 1), limit))
            return UInt64(bitPattern: stored) & (bits == 8 ? 0xFF : 0xFFFF)
        }
        return lab.flatMap { (l, a, b) -> [UInt64] in
            switch photometric {
            case 8:
                let scale = bits == 8 ? 1.0 : 256.0
                return [unsigned(l * full / 100, max: full), signed(a * scale), signed(b * scale)]
            case 9:
                return bits == 8
                    ? [unsigned(l * 2.55, max: full), unsigned(a + 128, max: full), unsigned(b + 128, max: full)]
                    : [unsigned(l * 652.8, max: full), unsigned((a + 128) * 256, max: full),
                       unsigned((b + 128) * 256, max: full)]
            default:
                return [unsigned(l * full / 100, max: full), unsigned((a + 21760.0 / 255) * full / 170, max: full),
                        unsigned((b + 19200.0 / 255) * full / 200, max: full)]
            }
        }
    }

    /// White, mid grey, black, and sRGB's red, green and blue as D50 Lab
    /// (Bradford-adapted, as lcms2 adapts).
    static let colors: [(Double, Double, Double)] = [
        (100, 0, 0), (50, 0, 0), (0, 0, 0), (54.2917, 80.8125, 69.8851), (87.8181, -79.2873, 80.9902),
        (29.5676, 68.2868, -112.0294),
    ]
    /// lcms2's answer for them (transicc, rounded), each within 1 here after 8-bit quantising.
    static let expected: [[UInt8]] = [[255, 255, 255], [119, 119, 119], [0, 0, 0], [255, 0, 0], [0, 255, 0],
                                      [0, 0, 255]]

    struct Case: Sendable, CustomTestStringConvertible {
        var photometric: Int
        var bits: Int
        var testDescription: String { "photometric \(photometric), \(bits)-bit" }
    }
    static let cases = [8, 9, 10].flatMap { photometric in [8, 16].map { Case(photometric: photometric, bits: $0) } }

    static func fixture(_ test: Case) -> TIFFFixture {
        TIFFFixture(width: 3, height: 2, samplesPerPixel: 3, bitsPerSample: test.bits, photometric: test.photometric,
                    samples: encoded(colors, photometric: test.photometric, bits: test.bits))
    }

    @Test(arguments: cases) func labBecomesSRGBThroughLcms(_ test: Case) throws {
        let decoded = try ImageDecoder.decode(Self.fixture(test).bytes)
        #expect(decoded.info.colorModel == ColorModel(.lab, bitsPerSample: test.bits))
        #expect(decoded.info.colorSpace == .sRGB)
        #expect(decoded.image.format == .rgb8)
        // 8-bit CIELab and ICCLab hold L* in steps of 0.39 and a*, b* in
        // whole units, ITULab a* in steps of 0.67: at the gamut's edge, where
        // the sRGB curve is steepest, a primary's other channels move up to
        // 10 levels (green's red is 9 here); white, grey and black may not.
        let tolerance = test.bits == 8 ? 10 : 1
        for (index, expected) in Self.expected.enumerated() {
            // ITULab's b* stops at -75.3 (RFC 2301's default range): sRGB's blue is outside it.
            if test.photometric == 10 && index == 5 { continue }
            let pixel = decoded.image.pixel(x: index % 3, y: index / 3)
            let allowed = index < 3 ? 1 : tolerance
            #expect(PixelMatch.near(pixel, expected, tolerance: allowed), "colour \(index): \(pixel)")
        }
        let white = decoded.image.pixel(x: 0, y: 0)
        #expect(white.allSatisfy { $0 >= 254 }, "white is \(white), not yellowish")
    }

    /// The white the issue reported: L* 100 in an 8-bit CIELab page.
    @Test func whiteIsWhite() throws {
        let fixture = TIFFFixture(width: 1, height: 1, samplesPerPixel: 3, bitsPerSample: 8, photometric: 8,
                                  samples: [255, 0, 0])
        let white = try ImageDecoder.decode(fixture.bytes).image.pixel(x: 0, y: 0)
        #expect(white.allSatisfy { $0 >= 254 }, "\(white)")
        #expect(white != [255, 252, 222])
    }

    @Test func labWithAlphaKeepsItsAlpha() throws {
        let fixture = TIFFFixture(width: 2, height: 1, samplesPerPixel: 4, bitsPerSample: 8, photometric: 8,
                                  extraSamples: [2], samples: [255, 0, 0, 128, 0, 0, 0, 255])
        let image = try ImageDecoder.decode(fixture.bytes).image
        #expect(image.format == .rgba8)
        #expect(PixelMatch.near(image.pixel(x: 0, y: 0), [255, 255, 255, 128], tolerance: 1))
        #expect(image.pixel(x: 1, y: 0) == [0, 0, 0, 255])
    }
}
