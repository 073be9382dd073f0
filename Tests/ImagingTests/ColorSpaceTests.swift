#if canImport(Glibc)
import Glibc
#endif
@testable import Imaging
import Testing
import TestSupport

/// Colour is a property of the image: every operation that keeps what the
/// pixels mean keeps the colour space, and only `convertedToSRGB()`
/// changes it.
@Suite struct ColorSpaceTests {
    static let displayP3 = try! ColorProfile(primaries: .displayP3, transfer: .sRGB, description: "Display P3 (test)")

    /// One operation on an image, by name.
    struct Operation: Sendable, CustomTestStringConvertible {
        var name: String
        var apply: @Sendable (Image) -> Image
        var testDescription: String { name }
    }

    static let operations: [Operation] = [
        Operation(name: "resize (Lanczos)") { $0.resized(to: PixelSize(width: 40, height: 30)) },
        Operation(name: "resize (box shrink, then Lanczos)") { $0.resized(to: PixelSize(width: 8, height: 6)) },
        Operation(name: "resize to the same size") { $0.resized(to: $0.size) },
        Operation(name: "resize, turned") { $0.resized(to: PixelSize(width: 40, height: 30), orientation: .right) },
        Operation(name: "resize of a region") {
            $0.resized(to: PixelSize(width: 20, height: 20), orientation: .up, region: PixelRect(x: 10, y: 0, width: 60, height: 60))
        },
        Operation(name: "resize processor, cover") {
            ImageProcessors.Resize(target: TargetSize(width: 30, height: 30, fit: .cover)).apply($0)
        },
        Operation(name: "box shrink") { $0.boxShrunk(by: 4) },
        Operation(name: "crop") { $0.cropped(to: PixelRect(x: 5, y: 7, width: 30, height: 20)) },
        Operation(name: "flatten") { $0.flattened(over: .white) },
        Operation(name: "RGBA copy") { $0.rgba() },
        Operation(name: "opaque RGBA") { $0.rgba().opaque() },
    ] + Orientation.allCases.map { orientation in
        Operation(name: "orientation \(orientation)") { $0.applying(orientation) }
    }

    static let spaces: [ColorSpace] = [
        .icc(displayP3),
        .cicp(CICP(primaries: 12, transfer: 13, matrix: 6, fullRange: true)),
        .chromaticities(.displayP3, gamma: 1 / 2.2),
    ]

    /// An 80×60 picture in `format` (with alpha falling across it for RGBA).
    static func picture(_ format: PixelFormat, colorSpace: ColorSpace) -> Image {
        var pixels: [UInt8] = []
        for y in 0..<60 {
            for x in 0..<80 {
                let rgb: [UInt8] = [UInt8(x * 3), UInt8(y * 4), UInt8((x + y) % 256)]
                switch format {
                case .gray8: pixels.append(rgb[0])
                case .rgb8: pixels += rgb
                case .rgba8: pixels += rgb + [UInt8(255 - x * 3)]
                }
            }
        }
        return Image(width: 80, height: 60, format: format, pixels: pixels, colorSpace: colorSpace)
    }

    @Test(arguments: operations, [PixelFormat.rgb8, .rgba8, .gray8])
    func everyOperationKeepsTheColourSpace(operation: Operation, format: PixelFormat) {
        for space in Self.spaces {
            let result = operation.apply(Self.picture(format, colorSpace: space))
            #expect(result.colorSpace == space, "\(operation.name) of \(format) in \(space)")
        }
    }

    @Test func premultiplyingKeepsTheColourSpace() {
        let image = Self.picture(.rgba8, colorSpace: .icc(Self.displayP3))
        #expect(image.premultiplied().colorSpace == .icc(Self.displayP3))
        #expect(image.premultiplied().unpremultiplied().colorSpace == .icc(Self.displayP3))
    }

    @Test func conversionTagsTheResultSRGBAndRunsOnce() {
        let image = Self.picture(.rgb8, colorSpace: .icc(Self.displayP3))
        let converted = image.convertedToSRGB()
        #expect(converted.colorSpace == .sRGB)
        #expect(converted.pixels != image.pixels, "P3 values are not sRGB values")
        #expect(converted.convertedToSRGB() == converted)
        // Pixels no profile describes (an unknown curve) are taken as sRGB, and said to be.
        let unknown = Self.picture(.rgb8, colorSpace: .cicp(CICP(primaries: 9, transfer: 3, matrix: 9, fullRange: false)))
        #expect(unknown.convertedToSRGB().colorSpace == .sRGB)
        #expect(unknown.convertedToSRGB().pixels == unknown.pixels)
        // HDR's curves are shown as SDR: PQ's reference white (203 cd/m2, signal 0.58) near
        // white, its 100 cd/m2 (signal 0.51) at half SDR white's light (sRGB 188).
        let pq = Image(width: 2, height: 1, format: .rgb8, pixels: [148, 148, 148, 130, 130, 130],
                       colorSpace: .cicp(CICP(primaries: 9, transfer: 16, matrix: 9, fullRange: false)))
        let shown = pq.convertedToSRGB()
        #expect(shown.colorSpace == .sRGB)
        #expect((240...255).contains(Int(shown.pixels[0])) && abs(Int(shown.pixels[3]) - 188) <= 4, "\(shown.pixels)")
    }

    @Test func aDecodedP3JPEGIsTaggedUntilItIsConvertedAfterItsResize() throws {
        let jpeg = try ImageEncoder.encode(Self.picture(.rgb8, colorSpace: .sRGB), as: .jpeg(JPEGEncodingOptions(
            quality: 95, iccProfile: Self.displayP3.bytes)))
        // Decoded (shrunk on load) in the file's colours, tagged with them.
        let decoded = try ImageDecoder.decode(jpeg, options: DecodeOptions(target: .edge(40)))
        #expect(decoded.decodeScale < 8)
        #expect(decoded.image.colorSpace == .icc(Self.displayP3))
        // Resized: still P3.
        let resized = decoded.image.resized(to: PixelSize(width: 20, height: 15))
        #expect(resized.colorSpace == .icc(Self.displayP3))
        // Converted once, at the final size.
        let converted = resized.convertedToSRGB()
        #expect(converted.colorSpace == .sRGB)
        #expect(converted.size == resized.size)
    }

    @Test func thePipelineGivesSRGBAndTheFrameReaderTheFilesColours() throws {
        let png = try ImageEncoder.encode(Self.picture(.rgb8, colorSpace: .sRGB),
                                          as: .png(PNGEncodingOptions(iccProfile: Self.displayP3.bytes)))
        let path = "/tmp/filmroll-colorspace-\(getpid()).png"
        try AtomicFile.write(png, to: path)
        defer { _ = unlink(path) }
        let small = try ImagePipeline().image(for: ImageRequest(source: try SourceIdentity.of(path),
                                                                resize: ImageProcessors.Resize(target: .edge(20))))
        #expect(small.colorSpace == .sRGB)
        let expected = try ImageDecoder.decode(png).image.resized(to: small.size).convertedToSRGB()
        #expect(PixelMatch.maxDifference(small, expected) <= 1)
        let frame = try #require(try FrameReader(contentsOf: path).next())
        #expect(frame.image.colorSpace == .icc(Self.displayP3))
    }

    @Test func anImageNotInSRGBIsWrittenWithItsProfile() throws {
        let image = Self.picture(.rgb8, colorSpace: .icc(Self.displayP3))
        let png = try ImageEncoder.encode(image, as: .png(PNGEncodingOptions()))
        #expect(try ImageDecoder.readInfo(png).colorSpace == .icc(Self.displayP3))
        let jpeg = try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions()))
        #expect(try ImageDecoder.readInfo(jpeg).colorSpace == .icc(Self.displayP3))
        let srgb = try ImageEncoder.encode(image.convertedToSRGB(), as: .png(PNGEncodingOptions()))
        #expect(try ImageDecoder.readInfo(srgb).colorSpace == .sRGB)
    }

    @Test func placingOnACanvasConvertsThePictureAtItsSize() {
        let picture = Self.picture(.rgb8, colorSpace: .icc(Self.displayP3))
        var canvas = Image.filled(PixelSize(width: 100, height: 80), with: .white)
        canvas.place(picture, at: (10, 10))
        #expect(canvas.colorSpace == .sRGB)
        #expect(canvas.pixel(x: 10 + 40, y: 10 + 30) == picture.convertedToSRGB().pixel(x: 40, y: 30))
    }
}
