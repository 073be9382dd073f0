import Imaging
import Testing
import TestSupport

/// JPEG XL through libjxl, checked against djxl's decode of the same files
/// (references committed by Scripts/make-jxl-test-images.py; see
/// TestImages/jxl/README.md).
///
/// Tolerances: djxl is libjxl too, and asks it for 8-bit samples as Filmroll
/// does, so the decodes should agree exactly; 1 is allowed for the rounding
/// of a different output path (djxl's 16-bit PNG rounded to 8 bits by the
/// script, or 8-bit output straight from libjxl's float pipeline).
@Suite struct JXLDecodingTests {
    static let sameDecoder = 1

    static func reference(_ name: String) throws -> Image { try Fixtures.decode("jxl/" + name).image }

    /// `image` averaged 8x8, the last blocks averaging what they have.
    static func averaged8x8(_ image: Image) -> Image {
        let width = (image.width + 7) / 8, height = (image.height + 7) / 8, channels = image.format.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        for ty in 0..<height {
            for tx in 0..<width {
                var sums = [Int](repeating: 0, count: channels), count = 0
                for y in (ty * 8)..<min(ty * 8 + 8, image.height) {
                    for x in (tx * 8)..<min(tx * 8 + 8, image.width) {
                        for (c, value) in image.pixel(x: x, y: y).enumerated() { sums[c] += Int(value) }
                        count += 1
                    }
                }
                for c in 0..<channels { pixels[(ty * width + tx) * channels + c] = UInt8((sums[c] + count / 2) / count) }
            }
        }
        return Image(width: width, height: height, format: image.format, pixels: pixels)
    }

    // MARK: - Recognised by content

    @Test func bareCodestreamAndContainerAreSniffedByTheirSignatures() throws {
        #expect(ImageFormat.sniff(try Fixtures.bytes("jxl/lossless.jxl")) == .jpegXL)   // FF 0A
        #expect(ImageFormat.sniff(try Fixtures.bytes("jxl/photo.jxl")) == .jpegXL)      // the JXL box
        #expect(ImageFormat.sniff([0xFF, 0x0A]) == .jpegXL)
        #expect(ImageFormat.sniff([0xFF, 0x0B, 0, 0]) == nil)
        #expect(ImageFormat.sniff([0, 0, 0, 0x0C] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0B]) == nil)
        #expect(ImageDecoders.decoder(for: .jpegXL)?.fileExtensions == ["jxl"])
        #expect(ImageFormat.jpegXL.displayName == "JPEG XL")
    }

    // MARK: - Pixels against djxl

    @Test(arguments: ["photo", "alpha", "deep16", "gray"])
    func pixelsMatchDJXL(name: String) throws {
        let decoded = try Fixtures.decode("jxl/\(name).jxl")
        let reference = try Self.reference("\(name).png")
        #expect(decoded.image.size == reference.size)
        #expect(decoded.image.colorSpace == .sRGB)
        if name == "gray" {
            // Grey stays one channel; the PNG reference was expanded to RGB.
            #expect(decoded.image.format == .gray8)
            let expanded = Image(width: decoded.image.width, height: decoded.image.height, format: .rgb8,
                                 pixels: decoded.image.pixels.flatMap { [$0, $0, $0] })
            #expect(PixelMatch.maxDifference(expanded, reference) == 0)
            return
        }
        #expect(decoded.image.format == (name == "alpha" ? .rgba8 : .rgb8))
        #expect(PixelMatch.maxDifference(decoded.image, reference) <= Self.sameDecoder)
    }

    @Test func lossless8BitIsExact() throws {
        let decoded = try Fixtures.decode("jxl/lossless.jxl")
        #expect(decoded.image.size == PixelSize(width: 64, height: 48))
        #expect(decoded.info.colorModel == ColorModel(.rgb, bitsPerSample: 8, coding: .lossless))
        #expect(decoded.info.colorModel.description == "RGB 8-bit, lossless")
        #expect(Quadrants.sample(decoded.image) == [Quadrants.red, Quadrants.green, Quadrants.blue, Quadrants.yellow])
        #expect(Set(decoded.image.pixels).isSubset(of: [0, 255]))
    }

    @Test func sixteenBitSamplesAreRoundedToEightBits() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jxl/deep16.jxl"))
        #expect(info.colorModel.description == "RGB 16-bit, lossless")
        // Pixel (1, 0): R = 1365 + 128 = 1493 -> 1493 * 255 / 65535 = 5.81 -> 6 (truncation would give 5).
        let decoded = try Fixtures.decode("jxl/deep16.jxl")
        #expect(decoded.image.pixel(x: 1, y: 0)[0] == 6)
    }

    @Test func threadsDoNotChangeThePixels() throws {
        let one = try Fixtures.decode("jxl/photo.jxl", options: DecodeOptions(codecThreads: 1))
        let four = try Fixtures.decode("jxl/photo.jxl", options: DecodeOptions(codecThreads: 4))
        let automatic = try Fixtures.decode("jxl/photo.jxl", options: DecodeOptions(codecThreads: 0))
        #expect(one.image == four.image)
        #expect(one.image == automatic.image)
    }

    // MARK: - Shrink on load

    @Test func aTargetOfAnEighthOrLessIsMadeFromTheDCPass() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jxl/large.jxl"))
        let small = DecodeOptions(target: .edge(48), appliesOrientation: false)
        #expect(ImageDecoder.plannedPixels(info, options: small) == 48 * 32)
        let decoded = try Fixtures.decode("jxl/large.jxl", options: small)
        #expect(decoded.decodeScale == 1)
        #expect(decoded.image.size == PixelSize(width: 48, height: 32))
        // The DC pass holds the 8x8 means of the picture (in XYB); libjxl
        // renders it upsampled, smooth across block edges, and it is averaged
        // back here: close to the 8x8 means of djxl's full decode, not equal.
        // Measured on this picture: mean luma difference 1.8, at most 33 on
        // one channel where a hard-edged shape meets the soft background.
        let means = try Self.reference("large-8x8.png")
        #expect(PixelMatch.meanLumaDifference(decoded.image, means) <= 3)
        #expect(PixelMatch.maxDifference(decoded.image, means) <= 48)
        // Not a whole decode averaged down, which would give the means exactly.
        #expect(PixelMatch.maxDifference(decoded.image, means) > 0)
        #expect(decoded.image != Self.averaged8x8(try Fixtures.decode("jxl/large.jxl").image))
    }

    @Test func aOneGroupPictureWithoutADCStepIsDecodedWholeAndAveraged() throws {
        // 192x128 is one group: DC and AC share one section, so the eighth
        // is the exact 8x8 means of the full decode.
        let decoded = try Fixtures.decode("jxl/photo.jxl", options: DecodeOptions(target: .edge(24)))
        #expect(decoded.decodeScale == 1)
        #expect(decoded.image == Self.averaged8x8(try Self.reference("photo.png")))
    }

    @Test func aTargetLargerThanAnEighthDecodesTheWholePicture() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jxl/photo.jxl"))
        let options = DecodeOptions(target: .edge(25), appliesOrientation: false)
        #expect(ImageDecoder.plannedPixels(info, options: options) == 192 * 128)
        let decoded = try Fixtures.decode("jxl/photo.jxl", options: options)
        #expect(decoded.decodeScale == 8)
        #expect(decoded.image.size == PixelSize(width: 192, height: 128))
    }

    @Test func theDCTargetIsMeasuredUpright() throws {
        // Stored 64x48, upright 48x64: a 6x8 (upright) target is an eighth.
        let decoded = try Fixtures.decode("jxl/orientation6.jxl", options: DecodeOptions(target: TargetSize(width: 6, height: 8)))
        #expect(decoded.decodeScale == 1)
        #expect(decoded.image.size == PixelSize(width: 6, height: 8))
        #expect(PixelMatch.near(Array(decoded.image.pixel(x: 1, y: 1)), Quadrants.blue, tolerance: 40))
        #expect(PixelMatch.near(Array(decoded.image.pixel(x: 4, y: 1)), Quadrants.red, tolerance: 40))
    }

    @Test func thePipelineMakesAThumbnailFromTheDCPass() throws {
        let pipeline = ImagePipeline()
        let source = try SourceIdentity.of(Fixtures.path("jxl/large.jxl"))
        let thumbnail = try pipeline.image(for: ImageRequest(source: source, resize: ImageProcessors.Resize(target: .edge(40))))
        #expect(thumbnail.size == PixelSize(width: 40, height: 27))
        #expect(pipeline.decodeCount == 1)
    }

    // MARK: - Orientation

    @Test func theCodestreamOrientationIsAppliedOnce() throws {
        let decoded = try Fixtures.decode("jxl/orientation6.jxl")
        #expect(decoded.info.storedSize == PixelSize(width: 64, height: 48))
        #expect(decoded.info.metadata.orientation == .right)
        #expect(decoded.info.uprightSize == PixelSize(width: 48, height: 64))
        #expect(decoded.image.size == PixelSize(width: 48, height: 64))
        // Upright: blue top-left, red top-right (as djxl shows it; a JPEG's colours, so near).
        #expect(PixelMatch.near(Quadrants.sample(decoded.image)[0], Quadrants.blue, tolerance: 4))
        #expect(PixelMatch.near(Quadrants.sample(decoded.image)[1], Quadrants.red, tolerance: 4))
        #expect(PixelMatch.maxDifference(decoded.image, try Self.reference("orientation6.png")) <= Self.sameDecoder)
        // Left as stored when asked: the core turns it, libjxl does not.
        let stored = try Fixtures.decode("jxl/orientation6.jxl", options: DecodeOptions(appliesOrientation: false))
        #expect(stored.image.size == PixelSize(width: 64, height: 48))
        #expect(PixelMatch.near(Quadrants.sample(stored.image)[0], Quadrants.red, tolerance: 4))
    }

    @Test func anExifBoxOrientationUnderACodestreamOfOneIsReportedNotApplied() throws {
        let decoded = try Fixtures.decode("jxl/exif6-codestream1.jxl")
        #expect(decoded.info.metadata.orientation == .up)
        #expect(decoded.info.metadata.ignoredEXIFOrientation == .right)
        #expect(decoded.image.size == PixelSize(width: 64, height: 48))
        #expect(Quadrants.sample(decoded.image)[0] == Quadrants.red)
    }

    // MARK: - Colour

    /// Display P3 patches come out as the sRGB values Pillow's lcms2 gives.
    /// Lossless keeps the file's own ICC profile and is checked against the
    /// source picture converted (p3-srgb.png); lossy names P3 in the
    /// codestream, libjxl synthesises a profile for it, and compression moves
    /// the colours a little, so it is checked against djxl's decode converted
    /// the same way (p3-lossy-srgb.png). Tolerance 2: two lcms2 builds
    /// (Pillow's own and Debian's) round differently.
    @Test(arguments: [("p3-lossless.jxl", "p3-srgb.png"), ("p3.jxl", "p3-lossy-srgb.png")])
    func displayP3ComesOutAsLCMSGivesIt(file: String, referenceFile: String) throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jxl/" + file))
        guard case .icc(let profile) = info.colorSpace else {
            Issue.record("\(file): no ICC profile, \(info.colorSpace)")
            return
        }
        #expect(!profile.bytes.isEmpty)
        // Decoded in the file's colours, tagged with them; converted once, by the caller.
        let decoded = try Fixtures.decode("jxl/" + file).image
        #expect(decoded.colorSpace == info.colorSpace)
        let converted = decoded.convertedToSRGB()
        #expect(converted.colorSpace == .sRGB)
        let expected = try Self.reference(referenceFile)
        for patch in 0..<4 {
            let actual = converted.pixel(x: patch * 8 + 4, y: 4), wanted = expected.pixel(x: patch * 8 + 4, y: 4)
            #expect(PixelMatch.near(actual, wanted, tolerance: 2), "\(file) patch \(patch): \(actual) for \(wanted)")
        }
        // Before the conversion the moderate red is P3's own numbers, not sRGB's.
        #expect(decoded.pixel(x: 12, y: 4)[1] > converted.pixel(x: 12, y: 4)[1] + 10)
    }

    @Test func theLosslessP3RedMovesAsLCMSMovesIt() throws {
        // P3 (200, 60, 50) is inside sRGB and visibly moved by the conversion.
        let converted = try Fixtures.decode("jxl/p3-lossless.jxl").image.convertedToSRGB()
        #expect(PixelMatch.near(converted.pixel(x: 12, y: 4), [217, 42, 39], tolerance: 2))
        #expect(PixelMatch.near(converted.pixel(x: 4, y: 4), [255, 0, 0], tolerance: 2))
    }

    // MARK: - Metadata

    @Test func exifAndXMPBoxesAreRead() throws {
        let photo = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jxl/photo.jxl"))
        // EXIF's DateTimeOriginal outranks the XMP box's xmp:CreateDate.
        #expect(photo.metadata.captureDate?.iso8601 == "2024-05-03T14:22:10")
        #expect(photo.metadata.camera == "Filmroll Phone")
        #expect(photo.metadata.ignoredEXIFOrientation == nil)

        let xmp = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jxl/xmp.jxl"))
        #expect(xmp.metadata.captureDate?.iso8601 == "2022-07-08T09:10:11")
        #expect(xmp.metadata.camera == "XMPMaker XMP Camera")
    }

    @Test func aBrotliCompressedExifBoxIsDecompressed() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jxl/orientation6.jxl"))
        #expect(info.colorModel == ColorModel(.rgb, bitsPerSample: 8, coding: .recompressedJPEG))
        #expect(info.colorModel.description == "RGB 8-bit, recompressed JPEG")
        #expect(info.metadata.captureDate?.iso8601 == "2024-05-03T14:22:10")
        #expect(info.metadata.model == "Filmroll Phone")
        #expect(info.metadata.ignoredEXIFOrientation == .right)
    }

    @Test func theExifBoxIsCarriedOverAsAnAPP1Payload() throws {
        let payload = try #require(EXIFPayload.read(from: try Fixtures.bytes("jxl/photo.jxl")))
        #expect(payload.starts(with: Array("Exif\0\0".utf8)))
        let tiff = Array(payload.dropFirst(6).prefix(4))
        #expect(tiff == [0x49, 0x49, 0x2A, 0x00] || tiff == [0x4D, 0x4D, 0x00, 0x2A])
        #expect(EXIFPayload.read(from: try Fixtures.bytes("jxl/lossless.jxl")) == nil)
    }

    // MARK: - Animation

    @Test func animationFramesAndDelays() throws {
        let decoded = try Fixtures.decode("jxl/animated.jxl", options: DecodeOptions(frames: .all))
        #expect(decoded.info.metadata.frameCount == 3)
        #expect(decoded.info.metadata.loop == .forever)
        #expect(decoded.frames.map(\.delayMilliseconds) == [100, 200, 300])
        let colors = decoded.frames.map { Array($0.image.pixel(x: 20, y: 15).prefix(3)) }
        #expect(colors == [Quadrants.red, Quadrants.green, Quadrants.blue])
        // The first frame alone when only it is asked for.
        #expect(try Fixtures.decode("jxl/animated.jxl").frames.count == 1)
    }

    // MARK: - Damage and limits

    @Test func aTruncatedFileIsAnErrorNamingTruncation() throws {
        // The header is whole: the info reads.
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jxl/truncated.jxl"))
        #expect(info.storedSize == PixelSize(width: 192, height: 128))
        do {
            _ = try Fixtures.decode("jxl/truncated.jxl")
            Issue.record("a truncated file decoded")
        } catch let error as ImagingError {
            guard case .truncated(let format, _) = error else {
                Issue.record("not a truncation: \(error)")
                return
            }
            #expect(format == .jpegXL)
            #expect(error.description.hasPrefix("truncated JPEG XL: "))
        }
        // Cut anywhere: an error, never a crash.
        let bytes = try Fixtures.bytes("jxl/photo.jxl")
        for length in stride(from: 1, to: bytes.count, by: 97) {
            #expect(throws: ImagingError.self) { try ImageDecoder.decode(Array(bytes.prefix(length))) }
        }
    }

    @Test func damagedDataIsAnError() throws {
        var bytes = try Fixtures.bytes("jxl/photo.jxl")
        for index in stride(from: bytes.count / 2, to: bytes.count, by: 13) { bytes[index] ^= 0x5A }
        #expect(throws: ImagingError.self) { try ImageDecoder.decode(bytes) }
    }

    @Test func aHugeClaimedSizeIsRefusedBeforeAnythingIsAllocated() throws {
        let bytes = try Fixtures.bytes("jxl/huge.jxl")
        let size = PixelSize(width: 100_000, height: 100_000)
        #expect(throws: ImagingError.imageTooLarge(size)) { try ImageDecoder.readInfo(bytes) }
        #expect(throws: ImagingError.imageTooLarge(size)) { try ImageDecoder.decode(bytes) }
    }

    @Test func tooManyFramesIsALimit() throws {
        var limits = DecodeLimits.default
        limits.maxFrames = 2
        #expect(throws: ImagingError.self) {
            try ImageDecoder.readInfo(try Fixtures.bytes("jxl/animated.jxl"), limits: limits)
        }
    }
}
