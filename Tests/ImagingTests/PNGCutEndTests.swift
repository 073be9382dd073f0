import Imaging
import Testing
import TestSupport

/// A PNG whose file ends after its image data (no IEND, or a cut one) is
/// the whole picture, as libpng's readers and Pillow take it, with a
/// warning; one cut inside its image data is still an error.
@Suite struct PNGCutEndTests {
    static let warning = "the file ends before the PNG's IEND chunk; the image data is whole"

    /// A 16×8 PNG: RGB (the plain path) or grey (libpng's).
    static func png(grey: Bool) throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<16 { pixels += grey ? [UInt8(x * 15 + y)] : [UInt8(x * 15), UInt8(y * 30), UInt8(x * y)] }
        }
        let image = Image(width: 16, height: 8, format: grey ? .gray8 : .rgb8, pixels: pixels)
        return try ImageEncoder.encode(image, as: .png(PNGEncodingOptions()))
    }

    @Test(arguments: [false, true], [12, 11, 4, 1])
    func aCutIENDGivesThePictureWithAWarning(grey: Bool, cut: Int) throws {
        let whole = try Self.png(grey: grey)
        #expect(Array(whole.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        let complete = try ImageDecoder.decode(whole)
        #expect(complete.warnings.isEmpty)

        let cutFile = Array(whole.dropLast(cut))
        let decoded = try ImageDecoder.decode(cutFile)
        #expect(decoded.image.pixels == complete.image.pixels)
        #expect(decoded.warnings == [Self.warning])
        #expect(try ImageDecoder.readInfo(cutFile).storedSize == PixelSize(width: 16, height: 8))
    }

    @Test(arguments: [false, true])
    func aFileCutInsideItsImageDataIsStillAnError(grey: Bool) throws {
        let whole = try Self.png(grey: grey)
        // 12 bytes of IEND, 4 of the IDAT's CRC, 6 of its data.
        let cutFile = Array(whole.dropLast(22))
        #expect(throws: ImagingError.self) { try ImageDecoder.decode(cutFile) }
    }
}
