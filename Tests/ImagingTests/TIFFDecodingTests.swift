#if canImport(Glibc)
import Glibc
#endif
import Dispatch
@testable import Imaging
import Synchronization
import Testing
import TestSupport

/// TIFF through libtiff, checked against the reference PNGs that Pillow and
/// tifffile read back from each fixture when it was made
/// (Scripts/make-test-images.py, TestImages/tiff/README.md).
@Suite struct TIFFDecodingTests {
    /// `image`'s pixels as RGB(A) rows (a grey image's value repeated), for comparing with a PNG.
    static func rgbPixels(_ image: Image) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                pixels += pixel.count == 1 ? [pixel[0], pixel[0], pixel[0]] : pixel
            }
        }
        return pixels
    }

    /// The largest difference of any sample between two same-size images.
    static func maxDifference(_ a: Image, _ b: Image) -> Int {
        let (left, right) = (rgbPixels(a), rgbPixels(b))
        guard a.size == b.size, left.count == right.count else { return .max }
        return zip(left, right).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    static func reference(_ name: String) throws -> Image { try Fixtures.decode("tiff/" + name).image }

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var reference: String
        var format: PixelFormat
        var tolerance: Int
        var testDescription: String { file }
    }

    /// Lossless files must give the reference exactly: 16-bit samples are
    /// rounded as round(v × 255 / 65535), the reference's own rounding (the
    /// fixture's samples are v × 257 − 100, so truncating would be off by one).
    /// The JPEG-compressed file is compared with Pillow's decode of it, also
    /// libjpeg through libtiff: 2 allows another libjpeg-turbo's upsampling.
    static let cases: [Case] = [
        Case(file: "rgb8.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "rgb8-lzw.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "rgb8-lzw-predictor.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "rgb8-deflate.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "rgb8-tiled.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "rgb8-planar.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "rgb8-planar-raw.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "rgb8-bigendian.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "rgb8-bigtiff.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "rgb16.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "pages.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "exif.tif", reference: "picture.png", format: .rgb8, tolerance: 0),
        Case(file: "rgb8-jpeg.tif", reference: "rgb8-jpeg.png", format: .rgb8, tolerance: 2),
        Case(file: "gray8.tif", reference: "gray.png", format: .gray8, tolerance: 0),
        Case(file: "gray16.tif", reference: "gray.png", format: .gray8, tolerance: 0),
        Case(file: "bilevel.tif", reference: "bilevel.png", format: .gray8, tolerance: 0),
        Case(file: "bilevel-white.tif", reference: "bilevel.png", format: .gray8, tolerance: 0),
        Case(file: "palette.tif", reference: "palette.png", format: .rgb8, tolerance: 0),
        Case(file: "rgba.tif", reference: "rgba.png", format: .rgba8, tolerance: 0),
        Case(file: "rgba-premultiplied.tif", reference: "rgba-premultiplied.png", format: .rgba8, tolerance: 0),
    ]

    @Test(arguments: cases)
    func decodesLikeTheReference(_ sample: Case) throws {
        let decoded = try Fixtures.decode("tiff/" + sample.file)
        #expect(decoded.info.format == .tiff)
        #expect(decoded.image.format == sample.format)
        #expect(decoded.decodeScale == 8)
        let difference = Self.maxDifference(decoded.image, try Self.reference(sample.reference))
        #expect(difference <= sample.tolerance, "\(sample.file): differs by \(difference)")
    }

    @Test func theHeaderTellsTheLayout() throws {
        let facts: [(String, String, Bool)] = [
            ("rgb8.tif", "RGB 8-bit", false), ("rgb16.tif", "RGB 16-bit", false), ("gray16.tif", "gray 16-bit", false),
            ("bilevel-white.tif", "gray 1-bit", false), ("palette.tif", "palette 8-bit", false),
            ("rgba.tif", "RGBA 8-bit", true), ("rgb8-planar.tif", "RGB 8-bit, planar", false),
            ("cmyk.tif", "CMYK 8-bit", false), ("rgb8-jpeg.tif", "YCbCr 8-bit", false),
            ("pages.tif", "RGB 8-bit, 3 pages", false),
        ]
        for (file, model, alpha) in facts {
            let info = try ImageDecoder.readInfo(try Fixtures.bytes("tiff/" + file))
            #expect(info.colorModel.description == model, "\(file)")
            #expect(info.hasAlpha == alpha, "\(file)")
            // Pages are not frames: a multi-page scan is no animation.
            #expect(info.metadata.frameCount == 1, "\(file)")
        }
        let bytes = try Fixtures.bytes("tiff/rgb8-tiled.tif")
        let header = try bytes.withUnsafeBytes { raw throws(ImagingError) in try TIFFCodec.readHeader(raw) }
        #expect(header.isTiled && header.compression == "LZW" && !header.usesGenericReader)
        let big = try Fixtures.bytes("tiff/rgb8-bigtiff.tif")
        #expect(try big.withUnsafeBytes { raw throws(ImagingError) in try TIFFCodec.readHeader(raw) }.isBigTIFF)
    }

    @Test func sniffedByContentOnly() throws {
        for head: [UInt8] in [[0x49, 0x49, 0x2A, 0], [0x4D, 0x4D, 0, 0x2A], [0x49, 0x49, 0x2B, 0], [0x4D, 0x4D, 0, 0x2B]] {
            #expect(ImageFormat.sniff(head + [UInt8](repeating: 0, count: 12)) == .tiff)
        }
        // A CR2 says so at byte 8: it is not taken for a TIFF.
        let cr2: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x10, 0, 0, 0] + Array("CR".utf8) + [2, 0]
        #expect(ImageFormat.sniff(cr2) != .tiff)
        #expect(ImageDecoders.fileExtensions.isSuperset(of: ["tif", "tiff"]))
        // The extension never decides: a TIFF named .jpg is a TIFF.
        #expect(try ImageDecoder.readInfo(try Fixtures.bytes("tiff/rgb8.tif")).format == .tiff)
    }

    /// Camera RAWs are TIFF-structured: the RAW decoder, registered first,
    /// takes them; a TIFF exported from one (its Make and Model kept) is a TIFF.
    @Test func rawFilesGoToTheRAWDecoderAndTheirExportsHere() throws {
        let export = try ImageDecoder.decode(try Fixtures.bytes("raw/export.tiff"))
        #expect(export.info.format == .tiff)
        #expect(export.info.metadata.make == "NIKON CORPORATION")
        #expect(export.image.size == PixelSize(width: 64, height: 48))
        #expect(try ImageDecoder.readInfo(try Fixtures.bytes("raw/plain.tiff")).format == .tiff)
        for dng in ["raw/camera.dng", "raw/plain.dng"] {
            #expect(try ImageDecoder.readInfo(try Fixtures.bytes(dng)).format != .tiff, "\(dng)")
        }
        let order = ImageDecoders.all.map(\.format.rawValue)
        let tiff = try #require(order.firstIndex(of: "tiff"))
        #expect(order[..<tiff].contains("raw"))
    }

    // MARK: Shrink while reading

    /// A box shrink of `image` by `factor` with the decoder's rounding: each
    /// pixel the mean of its block (edge blocks over the pixels they have),
    /// rounded half up; with alpha, colours weighted by it.
    static func boxShrunk(_ image: Image, by factor: Int) -> Image {
        let channels = image.format.bytesPerPixel
        let width = (image.width + factor - 1) / factor, height = (image.height + factor - 1) / factor
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                var sums = [Int](repeating: 0, count: channels), count = 0
                for yy in y * factor..<min(image.height, (y + 1) * factor) {
                    for xx in x * factor..<min(image.width, (x + 1) * factor) {
                        let pixel = image.pixel(x: xx, y: yy)
                        let weight = channels == 4 ? Int(pixel[3]) : 1
                        for c in 0..<channels { sums[c] += Int(pixel[c]) * (c < 3 ? weight : 1) }
                        count += 1
                    }
                }
                if channels == 4 {
                    let alpha = sums[3]
                    pixels += (0..<3).map { alpha == 0 ? 0 : UInt8((sums[$0] + alpha / 2) / alpha) }
                    pixels.append(UInt8((alpha + count / 2) / count))
                } else {
                    pixels += sums.map { UInt8(($0 + count / 2) / count) }
                }
            }
        }
        return Image(width: width, height: height, format: image.format, pixels: pixels)
    }

    /// 70×45 fixtures: an edge of 34 is ≤ half (shrink 2: 35×23), 17 ≤ a
    /// quarter (4: 18×12), 8 ≤ an eighth (8: 9×6); none leaves whole blocks.
    @Test(arguments: [("rgb8.tif", 34, 2), ("rgb8-tiled.tif", 17, 4), ("rgb8-planar.tif", 8, 8),
                      ("rgb16.tif", 17, 4), ("rgb8-planar-raw.tif", 34, 2), ("gray16.tif", 8, 8),
                      ("rgba.tif", 17, 4), ("palette.tif", 8, 8), ("bilevel-white.tif", 25, 8)])
    func shrinksWhileReading(file: String, edge: Int, shrink: Int) throws {
        let bytes = try Fixtures.bytes("tiff/" + file)
        let full = try ImageDecoder.decode(bytes).image
        let small = try ImageDecoder.decode(bytes, options: DecodeOptions(target: .edge(edge)))
        #expect(small.decodeScale == 8 / shrink)
        let expected = Self.boxShrunk(full, by: shrink)
        #expect(small.image.size == expected.size)
        #expect(small.image.size.width >= edge || small.image.size.height >= edge)
        #expect(Self.maxDifference(small.image, expected) == 0, "\(file) at 1/\(shrink)")
    }

    @Test func noShrinkUnlessHalfIsEnough() throws {
        let info = try ImageDecoder.readInfo(try Fixtures.bytes("tiff/rgb8.tif"))   // 70×45
        #expect(TIFFDecoder.shrink(for: info, target: nil) == 1)
        #expect(TIFFDecoder.shrink(for: info, target: .edge(36)) == 1)
        #expect(TIFFDecoder.shrink(for: info, target: .edge(35)) == 2)
        #expect(TIFFDecoder.shrink(for: info, target: .edge(1)) == 8)
        // Cover fills the box: the short side decides.
        #expect(TIFFDecoder.shrink(for: info, target: .edge(12, fit: .cover)) == 2)
        // The target is upright; an orientation-6 page is shrunk in its stored frame.
        let turned = try ImageDecoder.readInfo(try Fixtures.bytes("tiff/orientation6.tif"))   // stored 48×64
        // 32 wide upright is half its 64: 24×32 stored (taken as stored, 32 of 48 would need all of it).
        #expect(TIFFDecoder.shrink(for: turned, target: TargetSize(width: 32, height: 100)) == 2)
        // 16 wide upright is a quarter: 12×16 stored (taken as stored, 16 of 48 only allows 2).
        #expect(TIFFDecoder.shrink(for: turned, target: TargetSize(width: 16, height: 100)) == 4)
    }

    // MARK: The generic reader

    /// TIFFRGBAImage (kept for odd layouts) agrees with the direct reader.
    /// 16-bit samples: it keeps the high byte where the direct reader
    /// rounds, hence 1. RGBA is left out: it premultiplies, so a transparent
    /// pixel's colour is gone.
    @Test(arguments: ["rgb8.tif", "rgb8-tiled.tif", "rgb8-planar.tif", "rgb16.tif", "gray8.tif", "bilevel-white.tif",
                      "palette.tif", "rgb8-jpeg.tif", "orientation6.tif", "cmyk-noprofile.tif"])
    func theGenericReaderAgrees(file: String) throws {
        let bytes = try Fixtures.bytes("tiff/" + file)
        let info = try ImageDecoder.readInfo(bytes)
        func decode(shrink: Int, generic: Bool) throws -> Image {
            try bytes.withUnsafeBytes { raw throws(ImagingError) -> Image in
                try TIFFCodec.decode(raw, storedSize: info.storedSize, shrink: shrink, format: TIFFDecoder.pixelFormat(info),
                                     generic: generic)
            }
        }
        for shrink in [1, 4] {
            let direct = try decode(shrink: shrink, generic: false), generic = try decode(shrink: shrink, generic: true)
            #expect(Self.maxDifference(direct, generic) <= 1, "\(file) at 1/\(shrink)")
        }
    }

    // MARK: Orientation, metadata, colour

    @Test func orientationSixIsTurnedUpright() throws {
        let decoded = try Fixtures.decode("tiff/orientation6.tif")
        #expect(decoded.info.metadata.orientation == .right)
        #expect(decoded.info.storedSize == PixelSize(width: 48, height: 64))
        #expect(decoded.image.size == PixelSize(width: 64, height: 48))
        let corners: [((Int, Int), [UInt8])] = [((2, 2), [255, 0, 0]), ((61, 2), [0, 255, 0]),
                                                 ((2, 45), [0, 0, 255]), ((61, 45), [255, 255, 0])]
        for ((x, y), color) in corners { #expect(decoded.image.pixel(x: x, y: y) == color, "(\(x), \(y))") }
    }

    @Test func exifWrittenByExiftoolIsRead() throws {
        let metadata = try ImageDecoder.readInfo(try Fixtures.bytes("tiff/exif.tif")).metadata
        #expect(metadata.make == "Filmroll")
        #expect(metadata.model == "Fixture Scanner")
        #expect(metadata.captureDate?.iso8601 == "2024-05-06T07:08:09+02:00")
        #expect(abs((metadata.gps?.latitude ?? 0) - 48.8584) < 1e-6)
        #expect(abs((metadata.gps?.longitude ?? 0) - 2.2945) < 1e-6)
        #expect(!metadata.hasOrientationTag)
    }

    /// libtiff writes a page's directories after its pixels; libexif reads
    /// 64 KB of an EXIF block. The directories here start at 81 KB.
    @Test func exifPastTheFirst64KBIsRead() throws {
        let bytes = try Fixtures.bytes("tiff/exif-at-end.tif")
        let decoded = try ImageDecoder.decode(bytes)
        let metadata = decoded.info.metadata
        #expect(metadata.orientation == .left && metadata.hasOrientationTag)
        #expect(decoded.image.size == PixelSize(width: 150, height: 180))
        #expect(metadata.camera == "Filmroll Fixture Scanner")
        #expect(metadata.captureDate?.iso8601 == "2024-05-06T07:08:09+02:00")
        #expect(abs((metadata.gps?.latitude ?? 0) + 33.8599) < 1e-6)
        #expect(abs((metadata.gps?.longitude ?? 0) - 151.2144) < 1e-6)
        // Carried over as APP1: small, and read the same.
        let payload = try #require(EXIFPayload.read(from: bytes))
        #expect(payload.starts(with: Array("Exif\0\0".utf8)) && payload.count < 1024)
        var again = ImageMetadata()
        payload.withUnsafeBytes { EXIFReader.read($0, into: &again) }
        #expect(again.captureDate == metadata.captureDate && again.gps == metadata.gps && again.orientation == .left)
    }

    /// Pillow with lcms2 (relative colorimetric) gave these at fixture time;
    /// 1 allows lcms's optimised 8-bit transform against Pillow's.
    @Test func aDisplayP3RedComesOutAsLCMSSays() throws {
        let decoded = try Fixtures.decode("tiff/p3.tif")
        #expect(decoded.info.colorSpace.description == "Display P3 (Filmroll test)")
        // Decoded in the file's own colours, tagged with its profile.
        #expect(decoded.image.colorSpace == decoded.info.colorSpace)
        #expect(decoded.image.pixel(x: 8, y: 8) == [200, 60, 50])
        let converted = decoded.image.convertedToSRGB()
        let expected: [[UInt8]] = [[217, 42, 39], [0, 152, 83], [255, 0, 0]]
        for (index, color) in expected.enumerated() {
            let pixel = converted.pixel(x: index * 16 + 8, y: 8)
            #expect(PixelMatch.near(pixel, color, tolerance: 1), "block \(index): \(pixel)")
        }
    }

    /// Through its own CMYK profile (cyan ink shows blue, magenta green in
    /// it), as Pillow with lcms2 (perceptual) gave at fixture time; 2 allows
    /// lcms's CLUT interpolation between the two transforms' precisions.
    @Test func cmykGoesThroughItsProfile() throws {
        let decoded = try Fixtures.decode("tiff/cmyk.tif")
        #expect(decoded.info.colorModel == ColorModel(.cmyk, bitsPerSample: 8))
        #expect(decoded.info.colorModel.description == "CMYK 8-bit")
        #expect(decoded.info.colorSpace.description == "Filmroll test CMYK")
        // The profile was applied in the decode: the pixels are sRGB, and say so.
        #expect(decoded.image.colorSpace == .sRGB)
        let expected: [[UInt8]] = [[0, 0, 255], [0, 255, 0], [255, 255, 0], [118, 118, 118], [168, 176, 171]]
        for (index, color) in expected.enumerated() {
            let pixel = decoded.image.pixel(x: index * 16 + 8, y: 8)
            #expect(PixelMatch.near(pixel, color, tolerance: 2), "block \(index): \(pixel)")
        }
        // Shrunk, the inks are averaged before the profile.
        let small = try ImageDecoder.decode(try Fixtures.bytes("tiff/cmyk.tif"), options: DecodeOptions(target: .edge(20)))
        #expect(small.decodeScale == 2 && small.image.size == PixelSize(width: 20, height: 4))
        #expect(PixelMatch.near(small.image.pixel(x: 1, y: 1), [0, 0, 255], tolerance: 2))
        #expect(PixelMatch.near(small.image.pixel(x: 5, y: 1), [0, 255, 0], tolerance: 2))
    }

    /// Without a profile, libtiff's own naive conversion: (255 − K)(255 − ink) / 255.
    @Test func cmykWithoutAProfileIsInverted() throws {
        let decoded = try Fixtures.decode("tiff/cmyk-noprofile.tif")
        #expect(decoded.info.colorSpace == .sRGB)
        let expected: [[UInt8]] = [[0, 255, 255], [255, 0, 255], [255, 255, 0], [127, 127, 127], [179, 119, 209]]
        for (index, color) in expected.enumerated() {
            #expect(decoded.image.pixel(x: index * 16 + 8, y: 8) == color, "block \(index)")
        }
    }

    // MARK: Damage

    @Test func aTruncatedFileIsOneLineNotACrash() throws {
        let bytes = try Fixtures.bytes("tiff/truncated.tif")
        let info = try ImageDecoder.readInfo(bytes)   // its directory is whole
        #expect(info.storedSize == PixelSize(width: 70, height: 45))
        let error = ImagingError.truncated(.tiff, "file ends inside the image data (strip 0)")
        #expect(throws: error) { try ImageDecoder.decode(bytes) }
        #expect(throws: error) { try ImageDecoder.decode(bytes, options: DecodeOptions(target: .edge(10))) }
        #expect(error.description == "truncated TIFF: file ends inside the image data (strip 0)")
        // Cut before its first directory (libtiff put it after the pixels).
        let tiled = try Fixtures.bytes("tiff/rgb8-tiled.tif")
        #expect(throws: ImagingError.truncated(.tiff, "file ends before its first directory")) {
            try ImageDecoder.readInfo(Array(tiled.prefix(tiled.count / 2)))
        }
    }

    @Test func aHugeDeclaredSizeIsRefusedFromTheHeader() throws {
        let bytes = try Fixtures.bytes("tiff/huge.tif")
        #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 100_000, height: 100_000))) {
            try ImageDecoder.readInfo(bytes)
        }
        #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 100_000, height: 100_000))) {
            try ImageDecoder.decode(bytes)
        }
    }

    /// Every cut of every layout fails with an ImagingError or decodes; none crashes.
    @Test(arguments: ["rgb8-lzw.tif", "rgb8-lzw-predictor.tif", "rgb8-tiled.tif", "rgb8-planar.tif", "bilevel-white.tif",
                      "rgb8-jpeg.tif", "pages.tif", "rgb16.tif", "cmyk.tif", "rgb8-bigtiff.tif"])
    func everyCutFailsCleanly(file: String) throws {
        let bytes = try Fixtures.bytes("tiff/" + file)
        var failures = 0
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            do throws(ImagingError) {
                _ = try ImageDecoder.decode(Array(bytes.prefix(length)), options: DecodeOptions(target: .edge(20)))
            } catch {
                failures += 1
                #expect(!error.description.contains("\n"))
            }
        }
        #expect(failures > 0)
    }

    /// libtiff's errors are kept per call: decodes on many threads at once,
    /// half of them of a damaged file, each get their own answer.
    @Test func errorsStayWithTheirOwnCall() throws {
        let good = try Fixtures.bytes("tiff/rgb8-lzw.tif"), bad = try Fixtures.bytes("tiff/truncated.tif")
        let reference = try Self.reference("picture.png")
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            do throws(ImagingError) {
                let image = try ImageDecoder.decode(index % 2 == 0 ? good : bad).image
                if index % 2 == 1 || Self.maxDifference(image, reference) != 0 { wrong.add(1, ordering: .relaxed) }
            } catch {
                if index % 2 == 0 || error != .truncated(.tiff, "file ends inside the image data (strip 0)") {
                    wrong.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
    }

    /// LZW strips Filmroll decodes itself give libtiff's pixels at every
    /// shrink; codes it cannot decode are handed to libtiff, whose error names them.
    @Test func lzwStripsWithThePredictorDecodeAsLibtiffDoes() throws {
        let predicted = try Fixtures.bytes("tiff/rgb8-lzw-predictor.tif"), plain = try Fixtures.bytes("tiff/rgb8.tif")
        for edge in [70, 35, 18, 9] {
            let options = DecodeOptions(target: .edge(edge))
            #expect(try ImageDecoder.decode(predicted, options: options).image == ImageDecoder.decode(plain, options: options).image)
        }
        #expect {
            _ = try ImageDecoder.decode(try Fixtures.bytes("tiff/lzw-damaged.tif"))
        } throws: { error in
            guard let error = error as? ImagingError else { return false }
            return error.description.contains("code not yet in table") && !error.description.contains("\n")
        }
    }
}
