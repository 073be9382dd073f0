@testable import FilmrollCLI
import Filmroll
import Imaging
import Testing
import TestSupport

/// `convert` shrinks a photo in its own colours and converts the small
/// result once, as the thumbnail pipeline does.
@Suite struct ConvertColourTests {
    static let photo = "colour/p3-detail.png"
    /// The photo resized by Pillow's Lanczos in its own (P3) colours, then
    /// converted to sRGB by Pillow's ImageCms: made by make-test-images.py.
    static let reference = "colour/p3-detail-24.png"
    /// Our Lanczos is within 1 of Pillow's in P3 values, and the two lcms2
    /// conversions agree exactly; where the conversion is steep (next to the
    /// clipped green) it stretches that 1 to up to 6 (measured), on a mean
    /// difference of 0.2.
    static let tolerance = 6
    static let meanTolerance = 0.5

    /// The mean difference of two same-size images' channels.
    static func meanDifference(_ a: Image, _ b: Image) -> Double {
        let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.pixels.count)
    }

    @Test func aP3PhotoIsShrunkInItsOwnColoursThenConvertedOnce() throws {
        let folder = TemporaryFolder()
        let (code, runner) = CommandRunner.run("convert", Fixtures.path(Self.photo), folder.file("small.png"), "--max-size", "24")
        #expect(code == .success, "\(runner.stderr)")
        let output = try ImageDecoder.decode(contentsOf: folder.file("small.png"))
        #expect(output.info.colorSpace == .sRGB)
        let reference = try Fixtures.decode(Self.reference).image
        let image = try #require(output.image.format == .rgb8 ? output.image : nil)
        #expect(image.size == reference.size)
        let difference = PixelMatch.maxDifference(image, reference)
        #expect(difference <= Self.tolerance, "differs from Pillow's resize-then-convert by \(difference)")
        #expect(Self.meanDifference(image, reference) <= Self.meanTolerance)
        // The order shows in this photo: converting first clips its green before the resize averages it.
        let convertedFirst = try Fixtures.decode(Self.photo).image.convertedToSRGB().resized(to: reference.size)
        #expect(PixelMatch.maxDifference(convertedFirst, reference) > 60)
        #expect(Self.meanDifference(convertedFirst, reference) > 5)
    }

    @Test func keepingTheProfileSkipsTheConversionAndEmbedsIt() throws {
        let folder = TemporaryFolder()
        let (code, _) = CommandRunner.run("convert", Fixtures.path(Self.photo), folder.file("kept.png"), "--max-size", "24",
                                          "--keep-profile")
        #expect(code == .success)
        let kept = try ImageDecoder.decode(contentsOf: folder.file("kept.png"))
        let source = try ImageDecoder.readInfo(contentsOf: Fixtures.path(Self.photo))
        #expect(kept.info.colorSpace == source.colorSpace)
        #expect(kept.image.colorSpace == source.colorSpace)
        // Converted later, it is the reference.
        let reference = try Fixtures.decode(Self.reference).image
        #expect(PixelMatch.maxDifference(kept.image.convertedToSRGB(), reference) <= Self.tolerance)
        #expect(Self.meanDifference(kept.image.convertedToSRGB(), reference) <= Self.meanTolerance)
    }

    @Test func theColourSpaceAlongConvertsPath() throws {
        let file = try Fixtures.bytes(Self.photo)
        let decoded = try ImageDecoder.decode(file, options: DecodeOptions(target: .edge(24)))
        guard case .icc(let profile) = decoded.image.colorSpace else {
            Issue.record("decoded as \(decoded.image.colorSpace)")
            return
        }
        #expect(profile.facts?.description == "Display P3 (Filmroll test)")
        let resized = decoded.image.resized(to: PixelSize(width: 24, height: 16))
        #expect(resized.colorSpace == decoded.image.colorSpace)
        let output = PhotoConversion.outputImage(decoded, target: .edge(24), keepsProfile: false)
        #expect(output.colorSpace == .sRGB)
        #expect(output.size == PixelSize(width: 24, height: 16))
        #expect(output == resized.convertedToSRGB())
        #expect(PhotoConversion.outputImage(decoded, target: .edge(24), keepsProfile: true) == resized)
    }
}
