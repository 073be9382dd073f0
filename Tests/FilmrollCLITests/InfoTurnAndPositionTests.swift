import Foundation
import Imaging
import Testing
import TestSupport

/// `info` of a HEIF turned by its own irot (and imir) gives the size as
/// stored and the turn, as exiftool's ImageSize and Rotation do; a GPS of
/// 0/0 rationals with empty references is no position, in `info` and in
/// the catalog. Files made here.
@Suite struct InfoTurnAndPositionTests {
    @Test func aHEIFTurnedByIrotGivesItsStoredSizeAndTheTurn() throws {
        let (code, json) = CommandRunner.run("info", "--json", Fixtures.path("phone/irot-exif6.heic"))
        #expect(code == .success)
        #expect(json.stdout.contains(#""width":48,"height":64,"storedWidth":64,"storedHeight":48,"orientation":6,"#),
                "\(json.stdout)")
        #expect(json.stdout.contains(#""exifOrientationIgnored":6"#))
        let (_, line) = CommandRunner.run("info", Fixtures.path("phone/irot-exif6.heic"))
        #expect(line.stdout.contains("HEIF 48×64, orientation 6, stored 64×48,"), "\(line.stdout)")

        let folder = TemporaryFolder()
        let mirrored = HEIFBoxEditor.adding([.irot(1), .imir(0)], to: try Fixtures.bytes("phone/quadrants.heic"))
        try folder.write(mirrored, as: "mirrored.heic")
        let (_, turned) = CommandRunner.run("info", "--json", folder.file("mirrored.heic"))
        #expect(turned.stdout.contains(#""width":48,"height":64,"storedWidth":64,"storedHeight":48,"orientation":5,"#),
                "\(turned.stdout)")
        // The catalog keeps the same orientation; the thumbnail is turned once.
        #expect(try BinaryRun.run(["index", folder.path, "--quiet"]).status == 0)
        let show = try BinaryRun.run(["show", folder.file("mirrored.heic"), "--json"])
        #expect(show.stdout.contains(#""width":48,"height":64,"orientation":5,"#), "\(show.stdout)")
        let plain = try BinaryRun.run(["show", folder.file("mirrored.heic")])
        #expect(plain.stdout.contains("image: HEIF 48×64, orientation 5, stored 64×48\n"), "\(plain.stdout)")
    }

    @Test func zeroOverZeroGPSWithEmptyReferencesIsNoPosition() throws {
        var exif = EXIFBuilder()
        exif.exif[0x9003] = .ascii("2024:05:03 14:22:10")
        exif.gps[0x0000] = .undefined([2, 2, 0, 0])   // GPSVersionID, as cameras without a fix write it
        exif.gps[0x0001] = .ascii("")
        exif.gps[0x0002] = .rationals([(0, 0), (0, 0), (0, 0)])
        exif.gps[0x0003] = .ascii("")
        exif.gps[0x0004] = .rationals([(0, 0), (0, 0), (0, 0)])
        let folder = TemporaryFolder()
        try folder.write(try XMPFixtures.jpeg(xmp: nil, exif: exif.payload), as: "nofix.jpg")
        let (code, json) = CommandRunner.run("info", "--json", folder.file("nofix.jpg"))
        #expect(code == .success)
        #expect(json.stdout.contains(#""gps":null"#), "\(json.stdout)")
        let (_, line) = CommandRunner.run("info", folder.file("nofix.jpg"))
        #expect(!line.stdout.contains("GPS"), "\(line.stdout)")
        #expect(line.stdout.contains("taken 2024-05-03T14:22:10"))
        #expect(try BinaryRun.run(["index", folder.path, "--quiet"]).status == 0)
        let show = try BinaryRun.run(["show", folder.file("nofix.jpg"), "--json"])
        #expect(show.stdout.contains(#""gps":null,"place":null"#), "\(show.stdout)")
    }
}
