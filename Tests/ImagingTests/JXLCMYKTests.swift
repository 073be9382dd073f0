import Foundation
@testable import Imaging
import Testing
import TestSupport

/// A CMYK JPEG XL (jxl/cmyk.jxl: C, M, Y as colour channels, K as a black
/// extra channel, the test CMYK profile) goes through its profile with lcms2
/// as a CMYK JPEG does: its black shows, and its cyan is what the profile
/// says (blue, in this profile), not the CMY channels taken for RGB.
@Suite struct JXLCMYKTests {
    /// The fixture's inks (C, M, Y, K amounts, 0 = none) at (x, y), as Scripts/make-cmyk-jxl.c draws them.
    static func inks(x: Int, y: Int) -> [UInt8] {
        let top: [[UInt8]] = [[255, 0, 0, 0], [0, 255, 0, 0], [0, 0, 255, 0], [0, 0, 0, 255]]
        let middle: [[UInt8]] = [[0, 0, 0, 128], [64, 128, 32, 16], [0, 0, 0, 0], [255, 0, 0, 128]]
        if y < 16 { return top[x / 16] }
        if y < 32 { return middle[x / 16] }
        return [36, 37, 42, 43].contains(y) && (4...59).contains(x) ? [0, 0, 0, 255] : [0, 0, 0, 0]
    }

    static let size = PixelSize(width: 64, height: 48)

    @Test func headerSaysCMYKWithItsProfile() throws {
        let info = try ImageDecoder.readInfo(try Fixtures.bytes("jxl/cmyk.jxl"))
        #expect(info.colorModel == ColorModel(.cmyk, bitsPerSample: 8, coding: .lossless))
        #expect(info.colorModel.description == "CMYK 8-bit, lossless")
        #expect(info.colorSpace.description == "Filmroll test CMYK")
        #expect(!info.hasAlpha)
        #expect(info.storedSize == Self.size)
    }

    /// libjxl gives each ink as stored, 255 - amount, exactly (the file is lossless).
    @Test func inksComeOutAsStored() throws {
        let bytes = try Fixtures.bytes("jxl/cmyk.jxl")
        let frames = try bytes.withUnsafeBytes { raw in
            try JXLCodec.decode(raw, size: Self.size, format: .rgba8, shrink: 1, threads: 1, rawCMYK: true)
        }
        let image = frames[0].image
        for y in 0..<Self.size.height {
            for x in 0..<Self.size.width {
                #expect(image.pixel(x: x, y: y) == Self.inks(x: x, y: y).map { 255 - $0 }, "(\(x), \(y))")
            }
        }
    }

    /// Through the profile: black text is black, cyan ink blue and magenta
    /// green (this profile's), yellow yellow, paper white.
    @Test func decodesThroughItsProfile() throws {
        let decoded = try Fixtures.decode("jxl/cmyk.jxl")
        let image = decoded.image
        #expect(image.format == .rgb8 && image.colorSpace == .sRGB)
        let expectations: [(x: Int, y: Int, rgb: [UInt8])] = [
            (8, 8, [0, 0, 255]), (24, 8, [0, 255, 0]), (40, 8, [255, 255, 0]), (56, 8, [0, 0, 0]),
            (40, 24, [255, 255, 255]), (30, 36, [0, 0, 0]), (30, 43, [0, 0, 0]), (30, 39, [255, 255, 255]),
        ]
        for expectation in expectations {
            let pixel = image.pixel(x: expectation.x, y: expectation.y)
            #expect(PixelMatch.near(pixel, expectation.rgb, tolerance: 2), "(\(expectation.x), \(expectation.y)): \(pixel)")
        }
    }

    /// The same inks in a CMYK TIFF with the same profile decode to the same
    /// pixels (TIFF stores amounts, JPEG XL 1 - amount: one transform each).
    @Test func matchesTheSameInksInACMYKTIFF() throws {
        let decoded = try Fixtures.decode("jxl/cmyk.jxl")
        let tiff = try ImageDecoder.decode(Self.cmykTIFF(profile: try Self.profile()).bytes).image
        #expect(PixelMatch.maxDifference(decoded.image, tiff) <= 1)
    }

    /// lcms2's own TIFF converter (tificc, perceptual as Filmroll's CMYK
    /// transforms are) on the same inks and profile: within 1 level.
    @Test(.enabled(if: ExternalTools.has("tificc"), "needs tificc (liblcms2-utils)"))
    func agreesWithTificc() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("filmroll-cmyk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("cmyk.tif").path, output = folder.appendingPathComponent("srgb.tif").path
        try Data(Self.cmykTIFF(profile: try Self.profile()).bytes).write(to: URL(fileURLWithPath: input))
        _ = try ExternalTools.run(["tificc", "-t0", "-w8", input, output])
        let reference = try ImageDecoder.decode(contentsOf: output).image
        let decoded = try Fixtures.decode("jxl/cmyk.jxl").image
        #expect(reference.size == decoded.size && reference.format == .rgb8)
        #expect(PixelMatch.maxDifference(reference, decoded) <= 1)
        #expect(PixelMatch.psnr(reference, decoded) > 45)
    }

    /// Without a profile lcms2 can use, the inks are each colour sample times black.
    @Test func naiveWithoutAProfile() throws {
        let bytes = try Fixtures.bytes("jxl/cmyk.jxl")
        let image = try bytes.withUnsafeBytes { raw in
            try JXLCodec.decode(raw, size: Self.size, format: .rgb8, shrink: 1, threads: 1)
        }[0].image
        #expect(image.pixel(x: 8, y: 8) == [0, 255, 255])      // cyan
        #expect(image.pixel(x: 56, y: 8) == [0, 0, 0])         // black
        #expect(image.pixel(x: 30, y: 36) == [0, 0, 0])        // black text
        #expect(image.pixel(x: 8, y: 24) == [127, 127, 127])   // K 128: 127 × 255 / 255
        #expect(image.pixel(x: 56, y: 24) == [0, 127, 127])    // C 255 + K 128
    }

    /// A thumbnail decodes the whole picture (not the DC pass) and still goes through the profile.
    @Test func thumbnail() throws {
        let small = try ImageDecoder.decode(try Fixtures.bytes("jxl/cmyk.jxl"), options: DecodeOptions(target: .edge(8)))
        #expect(small.image.size.width <= 64 && small.image.format == .rgb8)
        let full = try ImageDecoder.decode(try Fixtures.bytes("jxl/cmyk.jxl"), options: DecodeOptions(target: .edge(64)))
        #expect(PixelMatch.near(full.image.pixel(x: 8, y: 8), [0, 0, 255], tolerance: 2))
    }

    static func profile() throws -> [UInt8] {
        let info = try ImageDecoder.readInfo(try Fixtures.bytes("jxl/cmyk.jxl"))
        guard case .icc(let profile) = info.colorSpace else { throw ImagingError.emptyFile }
        return profile.bytes
    }

    static func cmykTIFF(profile: [UInt8]) -> TIFFFixture {
        var samples: [UInt64] = []
        for y in 0..<size.height {
            for x in 0..<size.width { samples += inks(x: x, y: y).map(UInt64.init) }
        }
        return TIFFFixture(width: size.width, height: size.height, samplesPerPixel: 4, bitsPerSample: 8, photometric: 5,
                           icc: profile, samples: samples)
    }
}
