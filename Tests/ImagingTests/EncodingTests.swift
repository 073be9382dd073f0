import Imaging
import Testing
import TestSupport

@Suite struct EncodingTests {
    static let gradient: Image = {
        var pixels = [UInt8]()
        for y in 0..<48 { for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 5), 128] } }
        return Image(width: 64, height: 48, format: .rgb8, pixels: pixels)
    }()

    @Test(arguments: [JPEGEncodingOptions.ChromaSubsampling.yuv420, .none], [false, true])
    func jpegRoundTrips(chroma: JPEGEncodingOptions.ChromaSubsampling, progressive: Bool) throws {
        let bytes = try ImageEncoder.encode(Self.gradient, as: .jpeg(JPEGEncodingOptions(
            quality: 95, chromaSubsampling: chroma, progressive: progressive)))
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.info.isProgressive == progressive)
        #expect(PixelMatch.maxDifference(decoded.image, Self.gradient) <= 12)
    }

    @Test func jpegCarriesDensityAndEXIF() throws {
        // The PNG fixture's eXIf chunk is a raw TIFF with Orientation 6.
        let png = try Fixtures.bytes("png/gray-exif.png")
        let info = try ImageDecoder.readInfo(png)
        #expect(info.metadata.orientation == .right)
        let tiffStart = try #require(png.firstRange(of: Array("eXIf".utf8))).upperBound
        let tiff = Array(png[tiffStart..<tiffStart + 26])
        let bytes = try ImageEncoder.encode(Self.gradient, as: .jpeg(JPEGEncodingOptions(dpi: 300, exif: Array("Exif\0\0".utf8) + tiff)))
        let jfif = try #require(bytes.firstRange(of: Array("JFIF\0".utf8))).upperBound
        #expect(Array(bytes[jfif + 2..<jfif + 7]) == [1, 0x01, 0x2C, 0x01, 0x2C])   // dpi units, 300, 300
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.info.metadata.orientation == .right)
        #expect(decoded.image.size == PixelSize(width: 48, height: 64))
    }

    @Test func jpegOfRGBAIsFlattenedOverWhite() throws {
        let clear = Image(width: 8, height: 8, format: .rgba8)
        let decoded = try ImageDecoder.decode(try ImageEncoder.encode(clear, as: .jpeg(JPEGEncodingOptions(quality: 100))))
        #expect(PixelMatch.near(decoded.image.pixel(x: 4, y: 4), [255, 255, 255], tolerance: 2))
    }

    @Test func pngRoundTripsExactlyWithTextAndDensity() throws {
        let rgba = try Fixtures.decode("png/rgba.png").image
        let bytes = try ImageEncoder.encode(rgba, as: .png(PNGEncodingOptions(dpi: 300, texts: [.init(key: "Software", value: "Filmroll")])))
        #expect(try ImageDecoder.decode(bytes).image == rgba)
        #expect(bytes.firstRange(of: Array("tEXtSoftware\0Filmroll".utf8)) != nil)
        let phys = try #require(bytes.firstRange(of: Array("pHYs".utf8))).upperBound
        #expect(Array(bytes[phys..<phys + 9]) == [0, 0, 0x2E, 0x23, 0, 0, 0x2E, 0x23, 1])  // 11811 px/m
    }

    @Test func grayPNGDecodesAsGrayRGB() throws {
        let gray = Image(width: 3, height: 1, format: .gray8, pixels: [0, 128, 255])
        let decoded = try ImageDecoder.decode(try ImageEncoder.encode(gray, as: .png(PNGEncodingOptions())))
        #expect(decoded.image.format == .rgb8)
        #expect(decoded.image.pixels == [0, 0, 0, 128, 128, 128, 255, 255, 255])
    }
}
