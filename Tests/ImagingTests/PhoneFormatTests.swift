import Imaging
import Testing
import TestSupport

/// HEIC, AVIF and WebP, as phones and apps save them: sniffed by content,
/// decoded upright once, with their metadata and alpha.
@Suite struct PhoneFormatTests {
    static let quadrants: [(x: Int, y: Int, color: [UInt8])] = [
        (8, 8, [255, 0, 0]), (56, 8, [0, 255, 0]), (8, 40, [0, 0, 255]), (56, 40, [255, 255, 0]),
    ]

    @Test(arguments: [("phone/quadrants.heic", ImageFormat.heif), ("phone/quadrants.avif", .avif),
                      ("phone/quadrants.webp", .webp)])
    func quadrantsDecodeAsDrawn(file: String, format: ImageFormat) throws {
        let decoded = try Fixtures.decode(file)
        #expect(decoded.info.format == format)
        #expect(decoded.image.size == PixelSize(width: 64, height: 48))
        for (x, y, color) in Self.quadrants {
            let pixel = Array(decoded.image.pixel(x: x, y: y).prefix(3))
            #expect(PixelMatch.near(pixel, color, tolerance: 24), "\(file) at (\(x), \(y)): \(pixel)")
        }
    }

    @Test func sniffingReadsTheFtypBrandsPastByteEight() throws {
        let heic = try Fixtures.bytes("phone/quadrants.heic"), avif = try Fixtures.bytes("phone/quadrants.avif")
        #expect(ImageFormat.sniff(heic) == .heif)
        #expect(ImageFormat.sniff(avif) == .avif)
        #expect(ImageFormat.sniff(heic.prefix(8)) == nil)
        // An MP4 has an ftyp box too, with video brands: a video, not an image.
        let mp4: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)
        #expect(ImageFormat.sniff(mp4) == .mp4)
        #expect(ImageFormat.sniff(try Fixtures.bytes("phone/quadrants.webp")) == .webp)
    }

    @Test func heifTransformationsTurnTheImageOnceAndEXIFOrientationIsOnlyReported() throws {
        // irot turns 64x48 a quarter clockwise; the EXIF inside also says 6.
        let turned = try Fixtures.decode("phone/irot-exif6.heic")
        #expect(turned.image.size == PixelSize(width: 48, height: 64))
        #expect(turned.info.metadata.orientation == .up)
        #expect(turned.info.metadata.ignoredEXIFOrientation == Orientation(exifValue: 6))
        #expect(PixelMatch.near(Array(turned.image.pixel(x: 8, y: 8).prefix(3)), [0, 0, 255], tolerance: 24))
        #expect(PixelMatch.near(Array(turned.image.pixel(x: 40, y: 8).prefix(3)), [255, 0, 0], tolerance: 24))

        // No irot, EXIF 6: shown as stored, as libheif and libvips show it.
        let stored = try Fixtures.decode("phone/exif6-no-irot.heic")
        #expect(stored.image.size == PixelSize(width: 64, height: 48))
        #expect(stored.info.metadata.ignoredEXIFOrientation == Orientation(exifValue: 6))
        #expect(stored.info.metadata.camera == "Filmroll Phone")
        #expect(PixelMatch.near(Array(stored.image.pixel(x: 8, y: 8).prefix(3)), [255, 0, 0], tolerance: 24))
    }

    @Test func theEmbeddedThumbnailStandsInWhenItCoversTheTarget() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("phone/quadrants.heic"))
        #expect(info.embeddedThumbnailSize == PixelSize(width: 32, height: 24))
        let small = DecodeOptions(target: .edge(32))
        #expect(ImageDecoder.plannedPixels(info, options: small) == 32 * 24)
        let thumbnail = try Fixtures.decode("phone/quadrants.heic", options: small)
        #expect(thumbnail.image.size == PixelSize(width: 32, height: 24))
        #expect(PixelMatch.near(Array(thumbnail.image.pixel(x: 28, y: 20).prefix(3)), [255, 255, 0], tolerance: 32))
        // Larger than the thumbnail: the image itself.
        #expect(ImageDecoder.plannedPixels(info, options: DecodeOptions(target: .edge(48))) == 64 * 48)
        #expect(try Fixtures.decode("phone/quadrants.heic", options: DecodeOptions(target: .edge(48))).image.width == 64)
    }

    @Test func tenBitSamplesRoundToEightBits() throws {
        let decoded = try Fixtures.decode("phone/ten-bit.heic")
        #expect(decoded.info.colorModel == ColorModel(.rgb, bitsPerSample: 10))
        #expect(decoded.info.colorModel.description == "RGB 10-bit")
        for channel in decoded.image.pixel(x: 16, y: 16) { #expect(abs(Int(channel) - 128) <= 2) }
    }

    @Test(arguments: ["phone/alpha.heic", "phone/alpha-lossless.webp"])
    func alphaIsKept(file: String) throws {
        let decoded = try Fixtures.decode(file)
        #expect(decoded.info.hasAlpha)
        #expect(decoded.image.format == .rgba8)
        #expect(decoded.image.pixel(x: 0, y: 24)[3] < 16)
        #expect(decoded.image.pixel(x: 63, y: 24)[3] > 240)
    }

    @Test func animatedWebPGivesItsFramesDelaysAndLoop() throws {
        let decoded = try Fixtures.decode("phone/animated.webp", options: DecodeOptions(frames: .all))
        #expect(decoded.info.metadata.frameCount == 3)
        #expect(decoded.info.metadata.loop == .forever)
        #expect(decoded.frames.map(\.delayCentiseconds) == [10, 20, 30])
        #expect(decoded.frames.map { Array($0.image.pixel(x: 5, y: 5).prefix(3)) } == [[255, 0, 0], [0, 255, 0], [0, 0, 255]])
    }

    @Test func webpShrinksWhileDecoding() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("phone/quadrants.webp"))
        #expect(ImageDecoder.plannedPixels(info, options: DecodeOptions(target: .edge(8))) == 16 * 12)
        let small = try Fixtures.decode("phone/quadrants.webp", options: DecodeOptions(target: .edge(8)))
        #expect(small.image.size == PixelSize(width: 16, height: 12))
        #expect(PixelMatch.near(Array(small.image.pixel(x: 2, y: 2).prefix(3)), [255, 0, 0], tolerance: 32))
    }

    @Test func webpEXIFChunkIsRead() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("phone/exif.webp"))
        #expect(info.metadata.captureDate?.iso8601 == "2024-05-03T14:22:10")
        #expect(info.metadata.camera == "Filmroll Phone")
    }

    @Test(arguments: ["phone/quadrants.heic", "phone/quadrants.avif", "phone/quadrants.webp", "phone/animated.webp"])
    func truncatedFilesFailWithOneLine(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        for length in [12, bytes.count / 2, bytes.count - 10] {
            let cut = Array(bytes.prefix(length))
            #expect(throws: ImagingError.self, "\(file) cut at \(length)") {
                _ = try ImageDecoder.decode(cut, options: DecodeOptions(frames: .all))
            }
            do {
                _ = try ImageDecoder.decode(cut, options: DecodeOptions(frames: .all))
            } catch {
                #expect(!error.description.contains("\n"))
                #expect(error.description.hasPrefix("corrupt") || error.description.hasPrefix("truncated"),
                        "\(file) cut at \(length): \(error)")
            }
        }
    }

    @Test func pixelLimitsApplyBeforeDecoding() throws {
        let limits = DecodeLimits(maxPixelsPerFrame: 1000)
        #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 64, height: 48))) {
            _ = try ImageDecoder.decode(try Fixtures.bytes("phone/quadrants.heic"), options: DecodeOptions(limits: limits))
        }
        #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 64, height: 48))) {
            _ = try ImageDecoder.decode(try Fixtures.bytes("phone/quadrants.webp"), options: DecodeOptions(limits: limits))
        }
    }
}
