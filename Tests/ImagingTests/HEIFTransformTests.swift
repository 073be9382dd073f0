import Imaging
import Testing
import TestSupport

/// A HEIF turned by its own irot (and mirrored by imir) says so: the turn
/// as an EXIF orientation, and the size before it, as exiftool reports its
/// Rotation and ImageSize; its pixels come out upright once, as libheif
/// turns them. Files made here from `phone/quadrants.heic` (64x48, red
/// top-left, green top-right, blue bottom-left, yellow bottom-right).
@Suite struct HEIFTransformTests {
    @Test(arguments: [
        ([HEIFBoxEditor.Property.irot(1)], Orientation.left),
        ([.irot(2)], .down),
        ([.irot(3)], .right),
        ([.imir(1)], .upMirrored),
        ([.imir(0)], .downMirrored),
        ([.irot(1), .imir(0)], .leftMirrored),
        ([.irot(3), .imir(0)], .rightMirrored),
        ([.irot(0)], .up),
    ])
    func theTurnIsReportedAndAppliedOnce(_ properties: [HEIFBoxEditor.Property], _ expected: Orientation) throws {
        let plain = try Fixtures.bytes("phone/quadrants.heic")
        let stored = try ImageDecoder.decode(plain)
        #expect(stored.info.metadata.heifTransform == nil)
        #expect(stored.info.statedOrientation == .up)

        let turned = try ImageDecoder.decode(HEIFBoxEditor.adding(properties, to: plain))
        #expect(turned.info.statedOrientation == expected, "\(properties)")
        #expect(turned.info.statedStoredSize == PixelSize(width: 64, height: 48))
        #expect(turned.info.uprightSize == expected.uprightSize(of: PixelSize(width: 64, height: 48)))
        // Not applied again: the orientation the pipeline applies stays upright.
        #expect(turned.info.metadata.orientation == .up)
        // The pixels libheif turned are the stored ones turned by the stated orientation.
        #expect(turned.image.size == turned.info.uprightSize)
        let expectedPixels = stored.image.applying(expected)
        try #require(turned.image.size == expectedPixels.size && turned.image.format == expectedPixels.format)
        #expect(PixelMatch.maxDifference(turned.image, expectedPixels) <= 2, "\(properties)")
    }

    @Test func anAVIFTurnedAndMirroredToo() throws {
        let plain = try Fixtures.bytes("phone/quadrants.avif")
        let stored = try ImageDecoder.decode(plain)
        let turned = try ImageDecoder.decode(HEIFBoxEditor.adding([.irot(3), .imir(1)], to: plain))
        #expect(turned.info.format == .avif)
        #expect(turned.info.statedOrientation == .leftMirrored)
        #expect(turned.info.statedStoredSize == PixelSize(width: 64, height: 48))
        let expectedPixels = stored.image.applying(.leftMirrored)
        try #require(turned.image.size == expectedPixels.size && turned.image.format == expectedPixels.format)
        #expect(PixelMatch.maxDifference(turned.image, expectedPixels) <= 2)
    }

    @Test func theFixtureTurnedByItsWriter() throws {
        // Written by pillow-heif: ispe 64x64, clap to 64x48, then irot 3 (90° clockwise).
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("phone/irot-exif6.heic"))
        #expect(info.statedOrientation == .right)
        #expect(info.statedStoredSize == PixelSize(width: 64, height: 48))
        #expect(info.uprightSize == PixelSize(width: 48, height: 64))
        #expect(info.metadata.ignoredEXIFOrientation == .right)
    }
}
