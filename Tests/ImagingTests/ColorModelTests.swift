@testable import Imaging
import Testing
import TestSupport

/// The colour model decoders branch on, and the text `filmroll info` shows of it.
@Suite struct ColorModelTests {
    // MARK: - Each decoder's header, read from a file

    struct Sample: Sendable, CustomStringConvertible {
        var file: String
        var model: ColorModel
        var text: String
        var description: String { file }
    }

    static let samples: [Sample] = [
        Sample(file: "jpeg/photo.jpg", model: ColorModel(.ycbcr), text: "YCbCr"),
        Sample(file: "jpeg/grayscale.jpg", model: ColorModel(.gray), text: "gray"),
        Sample(file: "jpeg/cmyk.jpg", model: ColorModel(.invertedCMYK), text: "CMYK (Adobe)"),
        Sample(file: "png/gray-exif.png", model: ColorModel(.gray, bitsPerSample: 8), text: "gray 8-bit"),
        Sample(file: "png/rgb16.png", model: ColorModel(.rgb, bitsPerSample: 16), text: "RGB 16-bit"),
        Sample(file: "png/rgba.png", model: ColorModel(.rgb, alpha: true, bitsPerSample: 8), text: "RGBA 8-bit"),
        // tRNS makes the pixels transparent; the samples are still palette indexes.
        Sample(file: "png/palette-trns.png", model: ColorModel(.palette, bitsPerSample: 8), text: "palette 8-bit"),
        Sample(file: "gif/still.gif", model: ColorModel(.palette), text: "palette"),
        Sample(file: "tiff/cmyk.tif", model: ColorModel(.cmyk, bitsPerSample: 8), text: "CMYK 8-bit"),
        Sample(file: "tiff/gray16.tif", model: ColorModel(.gray, bitsPerSample: 16), text: "gray 16-bit"),
        Sample(file: "tiff/rgba.tif", model: ColorModel(.rgb, alpha: true, bitsPerSample: 8), text: "RGBA 8-bit"),
        Sample(file: "tiff/rgb8-jpeg.tif", model: ColorModel(.ycbcr, bitsPerSample: 8), text: "YCbCr 8-bit"),
        Sample(file: "tiff/rgb8-planar.tif", model: ColorModel(.rgb, bitsPerSample: 8, isPlanar: true),
               text: "RGB 8-bit, planar"),
        Sample(file: "tiff/pages.tif", model: ColorModel(.rgb, bitsPerSample: 8, pageCount: 3), text: "RGB 8-bit, 3 pages"),
        Sample(file: "jxl/gray.jxl", model: ColorModel(.gray, bitsPerSample: 8, coding: .lossless),
               text: "gray 8-bit, lossless"),
        Sample(file: "jxl/alpha.jxl", model: ColorModel(.rgb, alpha: true, bitsPerSample: 8, coding: .lossy),
               text: "RGBA 8-bit, lossy"),
        Sample(file: "jxl/orientation6.jxl", model: ColorModel(.rgb, bitsPerSample: 8, coding: .recompressedJPEG),
               text: "RGB 8-bit, recompressed JPEG"),
        Sample(file: "phone/alpha.heic", model: ColorModel(.rgb, alpha: true, bitsPerSample: 8), text: "RGBA 8-bit"),
        Sample(file: "phone/ten-bit.heic", model: ColorModel(.rgb, bitsPerSample: 10), text: "RGB 10-bit"),
        Sample(file: "phone/quadrants.avif", model: ColorModel(.rgb, bitsPerSample: 8), text: "RGB 8-bit"),
        Sample(file: "phone/exif.webp", model: ColorModel(.webP, coding: .lossy), text: "lossy"),
        Sample(file: "phone/alpha-lossless.webp", model: ColorModel(.webP, alpha: true, coding: .lossless),
               text: "lossless with alpha"),
        Sample(file: "phone/animated.webp", model: ColorModel(.webP, coding: .animation), text: "animation"),
        Sample(file: "raw/plain.dng", model: ColorModel(.camera(RAWContents(container: "DNG 1.4.0.0", sensor: .colorFilter))),
               text: "DNG 1.4.0.0, colour filter array"),
    ]

    @Test(arguments: samples)
    func theHeaderTellsTheModel(_ sample: Sample) throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path(sample.file))
        #expect(info.colorModel == sample.model)
        #expect(info.colorModel.description == sample.text)
    }

    @Test(arguments: [("h264", "full-range.mp4"), ("hevc", "camera-roll/iphone-hevc.mov")])
    func aVideoTellsItsCodec(_ codec: String, _ file: String) throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.root + "/Tests/Videos/" + file)
        #expect(info.colorModel == ColorModel(.video(codec: codec)))
        #expect(info.colorModel.description == "video (\(codec))")
    }

    // MARK: - The C headers' codes

    @Test func pngColorTypes() {
        let models = [(0, 1), (0, 16), (2, 8), (3, 4), (4, 8), (6, 16)].map {
            PNGCodec.colorModel(colorType: $0.0, bitDepth: $0.1).description
        }
        #expect(models == ["gray 1-bit", "gray 16-bit", "RGB 8-bit", "palette 4-bit", "gray+alpha 8-bit", "RGBA 16-bit"])
        #expect(PNGCodec.colorModel(colorType: 4, bitDepth: 8) == ColorModel(.gray, alpha: true, bitsPerSample: 8))
    }

    /// cimg_jpeg_color_space: 0 unknown, 1 gray, 2 RGB, 3 YCbCr, 4 CMYK, 5 YCCK.
    @Test func jpegColorSpaces() {
        let kinds = (0...5).map { JPEGCodec.colorModel(colorSpace: Int32($0), adobeMarker: false).kind }
        #expect(kinds == [.ycbcr, .gray, .rgb, .ycbcr, .cmyk, .ycck])
        let adobe = JPEGCodec.colorModel(colorSpace: 4, adobeMarker: true)
        #expect(adobe.kind == .invertedCMYK && adobe.description == "CMYK (Adobe)")
        #expect(JPEGCodec.colorModel(colorSpace: 4, adobeMarker: false).description == "CMYK")
        #expect(JPEGCodec.colorModel(colorSpace: 5, adobeMarker: true).description == "YCCK")
    }

    @Test func tiffPhotometricInterpretations() {
        let kinds = [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 32844, 32845, 32803].map {
            TIFFCodec.photometricKind($0, colorSamples: 1, isCMYK: false)
        }
        #expect(kinds == [.gray, .gray, .rgb, .palette, .mask, .separated, .ycbcr, .lab, .lab, .lab, .logLuv, .logLuv,
                          .photometric(32803)])
        #expect(TIFFCodec.photometricKind(1, colorSamples: 2, isCMYK: false) == .multiSample)
        #expect(TIFFCodec.photometricKind(5, colorSamples: 4, isCMYK: true) == .cmyk)
    }

    // MARK: - What decoders branch on

    @Test func inksInEveryFormAreCMYK() {
        let cmyk: [ColorModel.Kind] = [.cmyk, .invertedCMYK, .ycck]
        let others: [ColorModel.Kind] = [.gray, .rgb, .palette, .ycbcr, .lab, .separated, .webP, .video(codec: "h264")]
        #expect(cmyk.allSatisfy { ColorModel($0).isCMYK })
        #expect(!others.contains { ColorModel($0).isCMYK })
        // A CMYK page's pixels come out RGB, so its CMYK profile does not describe them.
        let profile = ColorSpace.icc(ColorProfile([1, 2, 3]))
        let tiff = ImageInfo(format: .tiff, storedSize: PixelSize(width: 1, height: 1),
                             colorModel: ColorModel(.cmyk, bitsPerSample: 8), colorSpace: profile)
        #expect(tiff.decodedColorSpace == .sRGB)
        let gray = ImageInfo(format: .tiff, storedSize: PixelSize(width: 1, height: 1),
                             colorModel: ColorModel(.gray, alpha: true, bitsPerSample: 8), colorSpace: profile)
        #expect(gray.decodedColorSpace == profile)
    }

    @Test func grayWithOrWithoutAlphaIsGray() {
        #expect(ColorModel(.gray).isGray && ColorModel(.gray, alpha: true, bitsPerSample: 16).isGray)
        #expect(!ColorModel(.multiSample, bitsPerSample: 8).isGray && !ColorModel(.rgb).isGray)
    }

    @Test func onlyACameraFileHasRAWContents() {
        let contents = RAWContents(container: "NEF", sensor: .fullColor)
        #expect(ColorModel(.camera(contents)).camera == contents)
        #expect(ColorModel(.rgb, bitsPerSample: 8).camera == nil)
    }

    // MARK: - Descriptions

    @Test func descriptionsOfEveryKind() {
        let texts = [
            ColorModel(.gray, alpha: true, bitsPerSample: 16, float: true, coding: .lossless),
            ColorModel(.rgb, alpha: true, bitsPerSample: 16, isPlanar: true),
            ColorModel(.ycbcr, bitsPerSample: 8, pageCount: 2),
            ColorModel(.lab, bitsPerSample: 8), ColorModel(.logLuv, bitsPerSample: 16),
            ColorModel(.multiSample, bitsPerSample: 8), ColorModel(.mask, bitsPerSample: 1),
            ColorModel(.separated, bitsPerSample: 8), ColorModel(.photometric(32803), bitsPerSample: 16),
            ColorModel(.ycck), ColorModel(.webP, alpha: true, coding: .lossy), ColorModel(.video(codec: "av1")),
        ].map(\.description)
        #expect(texts == [
            "gray+alpha 16-bit float, lossless", "RGBA 16-bit, planar", "YCbCr 8-bit, 2 pages",
            "Lab 8-bit", "LogLuv 16-bit", "multi-sample 8-bit", "mask 1-bit", "separated 8-bit", "photometric 32803 16-bit",
            "YCCK", "lossy with alpha", "video (av1)",
        ])
    }

    @Test func aRAWFileTellsItsSensorPreviewAndExposure() {
        let contents = RAWContents(container: "NEF", sensor: .unevenColorFilter,
                                   preview: .init(kind: .bitmap, size: PixelSize(width: 160, height: 120)),
                                   exposure: ShootingDetails(exposureTime: 2.5, fNumber: 1.4, iso: 6400, focalLength: 50,
                                                             lens: "Zoom, 24-70 mm"))
        #expect(ColorModel(.camera(contents)).description
                == "NEF, colour filter array, uneven, bitmap preview 160×120, ISO 6400, 2.5 s, f/1.4, 50 mm, Zoom, 24-70 mm")
    }

    /// A hostile file's exposure is printed, not trapped on: no Int holds 1e30.
    @Test func anExposureNoIntHoldsIsPrinted() {
        let contents = RAWContents(container: "RAW", sensor: .fullColor,
                                   exposure: ShootingDetails(exposureTime: 1e-30, fNumber: 1e30, focalLength: 35.25))
        #expect(contents.description == "RAW, full-colour pixels, 1e-30 s, f/1e+30, 35.3 mm")
    }
}
