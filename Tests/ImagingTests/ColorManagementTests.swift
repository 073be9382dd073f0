#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Testing
import TestSupport

/// Colours are converted to sRGB through the photo's own profile, checked
/// against the conversion worked out here from the primaries alone.
@Suite struct ColorManagementTests {
    /// Display P3 colours inside sRGB's gamut, and one outside it.
    static let p3Colors: [[UInt8]] = [[200, 120, 80], [60, 150, 90], [90, 100, 200], [128, 128, 128], [230, 40, 40]]

    static let displayP3 = try! ColorProfile(primaries: .displayP3, transfer: .sRGB, description: "Display P3 (test)")

    /// A strip of flat 16x16 blocks, one per colour.
    static func strip(_ colors: [[UInt8]], colorSpace: ColorSpace = .sRGB) -> Image {
        var pixels: [UInt8] = []
        for _ in 0..<16 { for color in colors { for _ in 0..<16 { pixels += color } } }
        return Image(width: 16 * colors.count, height: 16, format: .rgb8, pixels: pixels, colorSpace: colorSpace)
    }

    /// P3 to sRGB by the book: linearise, P3 → XYZ → sRGB (both D65), encode, clip.
    static func expectedSRGB(fromP3 color: [UInt8]) -> [Int] {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ v: Double) -> Double {
            let c = min(max(v, 0), 1)
            return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        }
        let p3ToXYZ = rgbToXYZ(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))
        let srgbToXYZ = rgbToXYZ(red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060))
        let xyz = multiply(p3ToXYZ, color.map { linear(Double($0) / 255) })
        let rgb = multiply(inverse(srgbToXYZ), xyz)
        return rgb.map { Int((encoded($0) * 255).rounded()) }
    }

    @Test func aDisplayP3JPEGComesOutInSRGB() throws {
        let jpeg = try ImageEncoder.encode(Self.strip(Self.p3Colors), as: .jpeg(JPEGEncodingOptions(
            quality: 100, chromaSubsampling: .none, iccProfile: Self.displayP3.bytes)))
        // Decoded in the file's own colours, and tagged with them.
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.info.colorSpace.description == "Display P3 (test)")
        #expect(decoded.image.colorSpace == .icc(Self.displayP3))
        #expect(PixelMatch.near(decoded.image.pixel(x: 8, y: 8), Self.p3Colors[0], tolerance: 2))
        // Converted by its own tag.
        let converted = decoded.image.convertedToSRGB()
        #expect(converted.colorSpace == .sRGB)
        for (index, color) in Self.p3Colors.enumerated() {
            let actual = converted.pixel(x: index * 16 + 8, y: 8).map(Int.init)
            let expected = Self.expectedSRGB(fromP3: color)
            #expect(zip(actual, expected).allSatisfy { abs($0 - $1) <= 3 }, "P3 \(color): \(actual), expected \(expected)")
        }
        // Once only: converting an sRGB image changes nothing.
        #expect(converted.convertedToSRGB() == converted)
    }

    @Test func aPNGWithAnICCPChunkComesOutInSRGB() throws {
        let png = try ImageEncoder.encode(Self.strip(Self.p3Colors), as: .png(PNGEncodingOptions(iccProfile: Self.displayP3.bytes)))
        let decoded = try ImageDecoder.decode(png).image.convertedToSRGB()
        for (index, color) in Self.p3Colors.enumerated() {
            let actual = decoded.pixel(x: index * 16 + 8, y: 8).prefix(3).map(Int.init)
            let expected = Self.expectedSRGB(fromP3: color)
            #expect(zip(actual, expected).allSatisfy { abs($0 - $1) <= 2 }, "P3 \(color): \(actual), expected \(expected)")
        }
        #expect(decoded.format == .rgb8, "an opaque PNG decodes without an alpha channel")
    }

    @Test func anSRGBProfileLeavesThePixelsAlone() throws {
        let srgb = try ColorProfile(primaries: .bt709, transfer: .sRGB, description: "sRGB (test)")
        let image = Self.strip(Self.p3Colors)
        let png = try ImageEncoder.encode(image, as: .png(PNGEncodingOptions(iccProfile: srgb.bytes)))
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.info.colorSpace == .icc(srgb))
        let converted = decoded.image.convertedToSRGB()
        #expect(converted.colorSpace == .sRGB)
        for (index, color) in Self.p3Colors.enumerated() {
            #expect(Array(converted.pixel(x: index * 16 + 8, y: 8).prefix(3)) == color)
        }
    }

    @Test func aBrokenProfileIsTakenAsSRGB() throws {
        let image = Self.strip(Self.p3Colors)
        let junk = Array(Self.displayP3.bytes.prefix(200)) + [UInt8](repeating: 0xEE, count: 300)
        let jpeg = try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(quality: 100, chromaSubsampling: .none, iccProfile: junk)))
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.info.colorSpace.description.hasPrefix("ICC profile ("), "\(decoded.info.colorSpace)")
        let converted = decoded.image.convertedToSRGB()
        #expect(converted.colorSpace == .sRGB)
        #expect(PixelMatch.near(converted.pixel(x: 8, y: 8), Self.p3Colors[0], tolerance: 2))
    }

    @Test func thePipelineConvertsTheResizedImage() throws {
        let jpeg = try ImageEncoder.encode(Self.strip(Self.p3Colors), as: .jpeg(JPEGEncodingOptions(
            quality: 100, chromaSubsampling: .none, iccProfile: Self.displayP3.bytes)))
        let path = "/tmp/filmroll-color-\(getpid()).jpg"
        try AtomicFile.write(jpeg, to: path)
        defer { _ = unlink(path) }
        let pipeline = ImagePipeline()
        let small = try pipeline.image(for: ImageRequest(source: try SourceIdentity.of(path),
                                                         resize: ImageProcessors.Resize(target: .edge(40))))
        #expect(small.width == 40)
        let expected = Self.expectedSRGB(fromP3: Self.p3Colors[0])
        let actual = small.pixel(x: 4, y: 2).map(Int.init)
        #expect(zip(actual, expected).allSatisfy { abs($0 - $1) <= 4 }, "\(actual), expected \(expected)")
    }

    @Test(arguments: ["phone/srgb-profile.heic", "phone/srgb-profile.webp"])
    func heifAndWebPProfilesAreRead(file: String) throws {
        let decoded = try Fixtures.decode(file)
        guard case .icc(let profile) = decoded.info.colorSpace else { Issue.record("\(decoded.info.colorSpace)"); return }
        #expect(profile.facts?.description == "sRGB built-in")
        #expect(profile.facts?.dataSpace == .rgb)
        #expect(PixelMatch.near(decoded.image.convertedToSRGB().pixel(x: 16, y: 12), [200, 120, 80], tolerance: 6))
    }

    @Test func aCMYKJPEGGoesThroughItsOwnCMYKProfile() throws {
        // In this profile cyan ink is pure blue and magenta pure green: the
        // plain inversion would give (0, 255, 255) and (255, 0, 255).
        let decoded = try Fixtures.decode("jpeg/cmyk-profile.jpg")
        #expect(decoded.info.colorModel == ColorModel(.invertedCMYK))
        #expect(decoded.info.colorModel.description == "CMYK (Adobe)")
        #expect(decoded.info.colorSpace.description == "Filmroll test CMYK")
        // Through the profile while decoding (CMYK has no other way to RGB): sRGB already.
        #expect(decoded.image.colorSpace == .sRGB)
        let expected: [[UInt8]] = [[0, 0, 255], [0, 255, 0], [255, 255, 0], [118, 118, 118]]
        for (index, color) in expected.enumerated() {
            let pixel = decoded.image.pixel(x: index * 16 + 8, y: 8)
            #expect(PixelMatch.near(pixel, color, tolerance: 6), "block \(index): \(pixel)")
        }
    }

    @Test func nclxCodePointsDescribeTheColours() throws {
        let avif = try ImageDecoder.readInfo(contentsOf: Fixtures.path("phone/quadrants.avif"))
        guard case .cicp(let cicp) = avif.colorSpace else { Issue.record("no nclx: \(avif.colorSpace)"); return }
        #expect(!avif.colorSpace.needsConversion, "\(cicp)")
        let p3 = ColorSpace.cicp(CICP(primaries: 12, transfer: 13, matrix: 6, fullRange: true))
        #expect(p3.needsConversion)
        #expect(p3.description == "Display P3")
        let converted = Self.strip(Self.p3Colors, colorSpace: p3).convertedToSRGB()
        let expected = Self.expectedSRGB(fromP3: Self.p3Colors[1])
        #expect(zip(converted.pixel(x: 24, y: 8).map(Int.init), expected).allSatisfy { abs($0 - $1) <= 2 })
    }

    // MARK: - Matrix arithmetic for the expected values

    static func rgbToXYZ(red: (Double, Double), green: (Double, Double), blue: (Double, Double)) -> [[Double]] {
        func xyz(_ p: (Double, Double)) -> [Double] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
        let columns = [xyz(red), xyz(green), xyz(blue)]
        let primaries = (0..<3).map { row in columns.map { $0[row] } }
        let scale = multiply(inverse(primaries), xyz((0.3127, 0.3290)))
        return primaries.map { row in (0..<3).map { row[$0] * scale[$0] } }
    }

    static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
        m.map { row in zip(row, v).map(*).reduce(0, +) }
    }

    static func inverse(_ m: [[Double]]) -> [[Double]] {
        let (a, b, c) = (m[0][0], m[0][1], m[0][2]), (d, e, f) = (m[1][0], m[1][1], m[1][2])
        let (g, h, i) = (m[2][0], m[2][1], m[2][2])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
                [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
                [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]
    }
}
