@testable import Imaging
import Testing
import TestSupport

/// How much of a picture must be real: where the data ended, against the
/// threshold of half the rows, and how the damage is told.
@Suite struct JPEGDamageTests {
    static let eof = "Premature end of JPEG file"

    @Test(arguments: [
        (JPEGDamage(warnings: [], rowsWithData: nil), nil),
        (JPEGDamage(warnings: ["Corrupt JPEG data: 3 extraneous bytes before marker 0xda"], rowsWithData: nil),
         "Corrupt JPEG data: 3 extraneous bytes before marker 0xda"),
        (JPEGDamage(warnings: [eof], rowsWithData: 240), "the image data ends at row 240 of 480; the rows below it are grey (\(eof))"),
        (JPEGDamage(warnings: [eof], rowsWithData: 480), "the image data ends in a later scan; the picture is less detailed (\(eof))"),
    ] as [(JPEGDamage, String?)])
    func damageOverHalfThePictureIsOneWarning(damage: JPEGDamage, warning: String?) throws {
        #expect(try damage.warning(height: 480) == warning)
    }

    @Test(arguments: [0, 31, 239])
    func dataEndingInTheUpperHalfIsAnError(rows: Int) {
        #expect(throws: ImagingError.truncated(.jpeg, "the image data ends at row \(rows) of 480; the rest would be grey (\(Self.eof))")) {
            try JPEGDamage(warnings: [Self.eof], rowsWithData: rows).warning(height: 480)
        }
    }

    @Test func linesTheHeaderToldAreNotToldAgain() throws {
        let damage = JPEGDamage(warnings: ["told by the header", "new"], rowsWithData: nil)
        #expect(try damage.warning(height: 480, excluding: ["told by the header"]) == "new")
        #expect(try damage.warning(height: 480, excluding: ["told by the header", "new"]) == nil)
    }

    @Test func aProgressiveFileCutInALaterScanDecodesWithAWarning() throws {
        let bytes = try Fixtures.bytes("jpeg/progressive.jpg")
        let decoded = try ImageDecoder.decode(Array(bytes.prefix(bytes.count * 8 / 10)))
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.hasPrefix("the image data ends in a later scan; the picture is less detailed") == true)
    }
}
