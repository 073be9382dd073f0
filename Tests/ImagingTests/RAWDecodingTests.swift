@testable import Imaging
import Testing
import TestSupport

/// Camera RAW through LibRaw, against a second decoder's view of the same
/// files recorded when the fixtures were made (TestImages/raw/README.md):
/// rawpy's LibRaw processing for the pixels, the preview as Pillow decodes
/// it, exiftool for the metadata.
@Suite struct RAWDecodingTests {
    static func reference(_ name: String) throws -> Image { try Fixtures.decode("raw/" + name).image }

    /// `image` within `tolerance` of the reference everywhere.
    static func expectNear(_ image: Image, _ reference: Image, tolerance: Int,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(image.size == reference.size, sourceLocation: sourceLocation)
        guard image.size == reference.size else { return }
        let worst = PixelMatch.maxDifference(image, reference)
        #expect(worst <= tolerance, "largest difference \(worst)", sourceLocation: sourceLocation)
    }

    // MARK: - Header and metadata (exiftool's view)

    @Test func headerTellsTheCameraExposureAndPreview() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("raw/camera.dng"))
        #expect(info.format == .raw)
        #expect(info.storedSize == PixelSize(width: 240, height: 160))
        #expect(info.colorSpace == .sRGB)
        #expect(info.embeddedThumbnailSize == PixelSize(width: 240, height: 160))
        let contents = try #require(info.colorModel.camera)
        #expect(contents.container == "DNG 1.4.0.0" && contents.sensor == .colorFilter)
        #expect(contents.preview == RAWContents.Preview(kind: .jpeg, size: PixelSize(width: 240, height: 160)))
        // LibRaw's floats, as doubles.
        let exposure = contents.exposure
        #expect(exposure.iso == 400 && exposure.lens == "Fixture 35mm F2.8" && exposure.focalLength == 35)
        #expect(abs(try #require(exposure.exposureTime) - 1.0 / 250) < 1e-6)
        #expect(abs(try #require(exposure.fNumber) - 2.8) < 1e-6)
        #expect(info.colorModel.description
                == "DNG 1.4.0.0, colour filter array, JPEG preview 240×160, ISO 400, 1/250 s, f/2.8, 35 mm, Fixture 35mm F2.8")
        let metadata = info.metadata
        #expect(metadata.make == "Filmroll")
        #expect(metadata.model == "RAW One")
        #expect(metadata.orientation == .up)
        // Offset and sub-seconds come from the EXIF; LibRaw knows neither.
        #expect(metadata.captureDate?.iso8601 == "2025-04-10T14:30:05.250+09:00")
        let gps = try #require(metadata.gps)
        #expect(abs(gps.latitude - 37.5665) < 1e-6 && abs(gps.longitude - 126.978) < 1e-6)
    }

    @Test func rotatedHeaderIsStoredTurned() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("raw/rotated.dng"))
        #expect(info.storedSize == PixelSize(width: 160, height: 240))
        #expect(info.uprightSize == PixelSize(width: 240, height: 160))
        #expect(info.metadata.orientation == .right)
        #expect(info.metadata.hasOrientationTag)
        #expect(info.metadata.captureDate?.iso8601 == "2025-04-11T08:00:00")
        #expect(info.metadata.gps == nil)
        #expect(info.embeddedThumbnailSize == PixelSize(width: 80, height: 120))
    }

    @Test func pidngFileHasNoPreviewAndNoDate() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("raw/plain.dng"))
        #expect(info.storedSize == PixelSize(width: 240, height: 160))
        #expect(info.embeddedThumbnailSize == nil)
        #expect(info.colorModel == ColorModel(.camera(RAWContents(container: "DNG 1.4.0.0", sensor: .colorFilter))))
        #expect(info.colorModel.description == "DNG 1.4.0.0, colour filter array")
        #expect(info.metadata.camera == "Filmroll Plain")
        #expect(info.metadata.captureDate == nil)
        #expect(info.metadata.orientation == .up)   // pidng writes Orientation 1
    }

    // MARK: - Pixels against LibRaw's own processing (rawpy)

    @Test(arguments: ["camera", "rotated", "plain"])
    func fullDecodeMatchesLibRawAsStored(name: String) throws {
        // Without a target: the raw data, demosaicked, as the sensor stored it.
        let stored = try Fixtures.decode("raw/\(name).dng", options: DecodeOptions(appliesOrientation: false))
        #expect(stored.decodeScale == 8)
        Self.expectNear(stored.image, try Self.reference("\(name).libraw.png"), tolerance: 2)
    }

    @Test func fullDecodeIsTurnedUprightOnce() throws {
        let upright = try Fixtures.decode("raw/rotated.dng").image
        #expect(upright.size == PixelSize(width: 240, height: 160))
        Self.expectNear(upright, try Self.reference("rotated.libraw.png").applying(.right), tolerance: 2)
        // The same picture as camera.dng, whose raw data is stored upright
        // (away from the edges, where the turned mosaic demosaicks otherwise).
        let quadrants = Quadrants.sample(upright)
        for (actual, wanted) in zip(quadrants, Quadrants.sample(try Self.reference("camera.libraw.png"))) {
            #expect(PixelMatch.near(actual, wanted, tolerance: 2), "\(actual) against \(wanted)")
        }
        #expect(PixelMatch.near(quadrants[0], [230, 55, 43], tolerance: 3))   // red, LibRaw's rendering
        #expect(PixelMatch.near(quadrants[3], [255, 217, 55], tolerance: 3))  // yellow
    }

    @Test func halfSizeIsLibRawsShrinkOnLoad() throws {
        // No preview; a target half the image covers: LibRaw's half size.
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("raw/plain.dng"))
        let options = DecodeOptions(target: .edge(120), appliesOrientation: false)
        #expect(ImageDecoder.plannedPixels(info, options: options) == 120 * 80)
        let half = try Fixtures.decode("raw/plain.dng", options: options)
        #expect(half.decodeScale == 4)
        Self.expectNear(half.image, try Self.reference("plain.libraw-half.png"), tolerance: 2)
        // One pixel more than half: the full decode.
        let full = DecodeOptions(target: .edge(121), appliesOrientation: false)
        #expect(ImageDecoder.plannedPixels(info, options: full) == 240 * 160)
        #expect(try Fixtures.decode("raw/plain.dng", options: full).image.size == PixelSize(width: 240, height: 160))
    }

    // MARK: - The embedded preview

    @Test func thePreviewStandsInWhenItCoversTheTarget() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("raw/camera.dng"))
        let whole = DecodeOptions(target: .edge(240))
        #expect(ImageDecoder.plannedPixels(info, options: whole) == 240 * 160)
        let preview = try Fixtures.decode("raw/camera.dng", options: whole)
        // The preview's pixels (Pillow's decode of the same JPEG), not LibRaw's rendering.
        Self.expectNear(preview.image, try Self.reference("camera.preview.png"), tolerance: 3)
        #expect(PixelMatch.near(Quadrants.sample(preview.image)[0], [200, 60, 50], tolerance: 6))
        let raw = try Fixtures.decode("raw/camera.dng")
        #expect(PixelMatch.near(Quadrants.sample(raw.image)[0], [230, 55, 43], tolerance: 3))
    }

    @Test func thePreviewShrinksWithDCTScaling() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("raw/camera.dng"))
        // 60x40 needs 2/8 of the 240x160 preview; 100x67 needs 4/8 (3/8 gives 90x60).
        for (edge, size) in [(60, PixelSize(width: 60, height: 40)), (100, PixelSize(width: 120, height: 80))] {
            let options = DecodeOptions(target: .edge(edge))
            #expect(ImageDecoder.plannedPixels(info, options: options) == size.pixelCount)
            let decoded = try Fixtures.decode("raw/camera.dng", options: options)
            #expect(decoded.image.size == size)
            let quadrants = Quadrants.sample(decoded.image)
            for (colour, expected) in zip(quadrants, [[200, 60, 50], [60, 170, 80], [50, 80, 200], [220, 190, 60]] as [[UInt8]]) {
                #expect(PixelMatch.near(colour, expected, tolerance: 8), "\(edge): \(colour)")
            }
        }
    }

    @Test func aRotatedPreviewIsTurnedUprightOnce() throws {
        // The 80x120 preview is stored as the raw data is: Orientation 6 turns both.
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("raw/rotated.dng"))
        let options = DecodeOptions(target: .edge(80))
        // 80x53 upright is 53x80 stored: the preview at 6/8 (60x90) covers it.
        #expect(ImageDecoder.plannedPixels(info, options: options) == 60 * 90)
        let decoded = try Fixtures.decode("raw/rotated.dng", options: options)
        #expect(decoded.image.size == PixelSize(width: 90, height: 60))
        let quadrants = Quadrants.sample(decoded.image)
        for (colour, expected) in zip(quadrants, [[200, 60, 50], [60, 170, 80], [50, 80, 200], [220, 190, 60]] as [[UInt8]]) {
            #expect(PixelMatch.near(colour, expected, tolerance: 10), "\(colour)")
        }
        // Just covered by the whole preview: its pixels, not LibRaw's.
        let whole = try Fixtures.decode("raw/rotated.dng", options: DecodeOptions(target: .edge(120)))
        #expect(whole.image.size == PixelSize(width: 120, height: 80))
        #expect(PixelMatch.near(Quadrants.sample(whole.image)[0], [200, 60, 50], tolerance: 10))
        // One pixel more: neither the preview nor half size (80x120) covers it, the raw data does.
        let larger = DecodeOptions(target: .edge(121))
        #expect(ImageDecoder.plannedPixels(info, options: larger) == 160 * 240)
        let full = try Fixtures.decode("raw/rotated.dng", options: larger)
        #expect(full.image.size == PixelSize(width: 240, height: 160))
        #expect(PixelMatch.near(Quadrants.sample(full.image)[0], [230, 55, 43], tolerance: 3))
    }

    /// A header as readInfo makes it, for the route alone.
    static func info(stored: PixelSize, orientation: Orientation, preview: PixelSize?,
                     sensor: RAWContents.Sensor = .colorFilter) -> ImageInfo {
        var metadata = ImageMetadata()
        metadata.orientation = orientation
        let contents = RAWContents(container: "NEF", sensor: sensor,
                                   preview: preview.map { RAWContents.Preview(kind: .jpeg, size: $0) })
        var info = ImageInfo(format: .raw, storedSize: stored, metadata: metadata, colorModel: ColorModel(.camera(contents)))
        info.embeddedThumbnailSize = preview
        return info
    }

    @Test func aPreviewWhoseShapeIsCloseStandsIn() {
        let decoder = RAWDecoder()
        // Sony: 6024x4024 raw data (1.497), a 1616x1080 preview (1.496).
        let sony = Self.info(stored: PixelSize(width: 6024, height: 4024), orientation: .up,
                             preview: PixelSize(width: 1616, height: 1080))
        #expect(decoder.route(sony, options: DecodeOptions(target: .edge(1024)))
                == .preview(RAWCodec.Preview(kind: .jpeg, size: PixelSize(width: 1616, height: 1080), byteCount: 0),
                            numerator: 6, upright: false))
        #expect(decoder.decodedSize(sony, options: DecodeOptions(target: .edge(256))) == PixelSize(width: 404, height: 270))
        // Too small for the target: half size (3012x2008 covers 2000).
        #expect(decoder.route(sony, options: DecodeOptions(target: .edge(2000))) == .half)
        #expect(decoder.route(sony, options: DecodeOptions()) == .full)
        // A 16:9 preview of a 3:2 image shows another crop: never used.
        let wide = Self.info(stored: PixelSize(width: 6000, height: 4000), orientation: .up,
                             preview: PixelSize(width: 1920, height: 1080))
        #expect(decoder.route(wide, options: DecodeOptions(target: .edge(256))) == .half)
        // Full-colour pixels do not halve.
        let linear = Self.info(stored: PixelSize(width: 4032, height: 3024), orientation: .up, preview: nil,
                               sensor: .fullColor)
        #expect(decoder.route(linear, options: DecodeOptions(target: .edge(256))) == .full)
    }

    @Test func aPreviewStoredUprightIsTurnedBackToTheRawLayout() {
        let decoder = RAWDecoder()
        // Raw data stored 4000x6000 with Orientation 6, its preview stored upright 1620x1080.
        let info = Self.info(stored: PixelSize(width: 4000, height: 6000), orientation: .right,
                             preview: PixelSize(width: 1620, height: 1080))
        let options = DecodeOptions(target: .edge(256))
        #expect(decoder.route(info, options: options)
                == .preview(RAWCodec.Preview(kind: .jpeg, size: PixelSize(width: 1620, height: 1080), byteCount: 0),
                            numerator: 2, upright: true))
        // 405x270 decoded, handed on as 270x405 (stored), for the core to turn once.
        #expect(decoder.decodedSize(info, options: options) == PixelSize(width: 270, height: 405))
    }

    // MARK: - Damage and limits

    @Test func aTruncatedFileKeepsItsHeaderAndPreview() throws {
        let path = Fixtures.path("raw/truncated.dng")
        let info = try ImageDecoder.readInfo(contentsOf: path)
        #expect(info.storedSize == PixelSize(width: 240, height: 160))
        #expect(info.metadata.camera == "Filmroll RAW One")
        // A thumbnail comes from the preview, whole.
        let thumbnail = try ImageDecoder.decode(contentsOf: path, options: DecodeOptions(target: .edge(120)))
        #expect(thumbnail.image.size == PixelSize(width: 120, height: 80))
        #expect(PixelMatch.near(Quadrants.sample(thumbnail.image)[3], [220, 190, 60], tolerance: 8))
        // The raw data is cut: a full decode says so.
        #expect {
            try ImageDecoder.decode(contentsOf: path)
        } throws: { error in
            guard case .truncated(.raw, let reason) = error as? ImagingError else { return false }
            return reason.contains("ends")
        }
    }

    @Test func limitsAreCheckedBeforeDecoding() throws {
        let bytes = try Fixtures.bytes("raw/camera.dng")
        #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 240, height: 160))) {
            try ImageDecoder.readInfo(bytes, limits: DecodeLimits(maxPixelsPerFrame: 240 * 160 - 1))
        }
        #expect(try ImageDecoder.readInfo(bytes, limits: DecodeLimits(maxPixelsPerFrame: 240 * 160)).storedSize.width == 240)
    }

    @Test func cutAndDamagedFilesFailCleanly() throws {
        let bytes = try Fixtures.bytes("raw/camera.dng")
        // Cut anywhere in the header, the IFDs or the preview: an error, never a crash.
        for length in [16, 64, 200, 1000, 4096, 8000, 20_000] {
            let cut = Array(bytes.prefix(length))
            do {
                let info = try ImageDecoder.readInfo(cut)
                _ = try? ImageDecoder.decode(cut, info: info, options: DecodeOptions())
            } catch {
                // Typed: ImageDecoder throws ImagingError alone.
                #expect(!error.description.isEmpty)
            }
        }
        // Bytes flipped all through the file: decoded or refused, never a crash.
        var generator = SplitMix64(seed: 7)
        for _ in 0..<12 {
            var damaged = bytes
            for _ in 0..<40 { damaged[Int(generator.next() % UInt64(damaged.count))] ^= UInt8(truncatingIfNeeded: generator.next() | 1) }
            _ = try? ImageDecoder.decode(damaged, options: DecodeOptions(target: .edge(64)))
            _ = try? ImageDecoder.decode(damaged)
        }
        // Signatures with nothing behind them.
        for head in [Array("FUJIFILMCCD-RAW 0201".utf8), [0x49, 0x49, 0x55, 0x00, 8, 0, 0, 0], Array("IIRO\u{8}\0\0\0".utf8)] {
            #expect(ImageFormat.sniff(head) == .raw)
            #expect(throws: ImagingError.self) { try ImageDecoder.decode(head + [UInt8](repeating: 0, count: 64)) }
        }
    }
}
