#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Testing
import TestSupport

/// The capture date is the best one the file holds: DateTimeOriginal,
/// then CreateDate, XMP, IFD0 DateTime, the GPS stamp; and the metadata
/// says which it was. How the photo was taken is read beside it.
@Suite struct CaptureDateSourceTests {
    static func info(_ exif: EXIFBuilder, xmp: String? = nil) throws -> ImageInfo {
        let packet = xmp.map { XMPFixtures.packet(attributes: "xmp:CreateDate=\"\($0)\"") }
        return try ImageDecoder.readInfo(XMPFixtures.jpeg(xmp: packet, exif: exif.payload))
    }

    static var allDates: EXIFBuilder {
        var exif = EXIFBuilder()
        exif.ifd0[0x0132] = .ascii("2025:06:03 10:00:00")                 // DateTime
        exif.exif[0x9003] = .ascii("2025:06:01 08:00:00")                 // DateTimeOriginal
        exif.exif[0x9011] = .ascii("+02:00")
        exif.exif[0x9004] = .ascii("2025:06:02 09:00:00")                 // DateTimeDigitized
        exif.gps[0x001D] = .ascii("2025:06:04")                           // GPSDateStamp
        exif.gps[0x0007] = .rationals([(23, 1), (15, 1), (30, 1)])        // GPSTimeStamp
        return exif
    }

    @Test func eachDateGivesWayToTheOneAboveIt() throws {
        var exif = Self.allDates
        var metadata = try Self.info(exif, xmp: "2025-06-05T07:00:00").metadata
        #expect(metadata.captureDateAndSource?.source == .original)
        #expect(metadata.captureDate?.iso8601 == "2025-06-01T08:00:00+02:00")

        exif.exif[0x9003] = nil
        exif.exif[0x9011] = nil
        metadata = try Self.info(exif, xmp: "2025-06-05T07:00:00").metadata
        #expect(metadata.captureDateAndSource?.source == .digitized)
        #expect(metadata.captureDate?.iso8601 == "2025-06-02T09:00:00")

        exif.exif[0x9004] = nil
        metadata = try Self.info(exif, xmp: "2025-06-05T07:00:00").metadata
        #expect(metadata.captureDateAndSource?.source == .xmp)
        #expect(metadata.captureDate?.iso8601 == "2025-06-05T07:00:00")

        metadata = try Self.info(exif).metadata
        #expect(metadata.captureDateAndSource?.source == .modified)
        #expect(metadata.captureDate?.iso8601 == "2025-06-03T10:00:00")

        exif.ifd0[0x0132] = nil
        metadata = try Self.info(exif).metadata
        #expect(metadata.captureDateAndSource?.source == .gps)
        #expect(metadata.captureDate?.iso8601 == "2025-06-04T23:15:30Z")

        exif.gps = [:]
        #expect(try Self.info(exif).metadata.captureDate == nil)
        #expect(CaptureDateSource.gps.isGuess && CaptureDateSource.modified.isGuess && !CaptureDateSource.digitized.isGuess)
    }

    @Test func exposureApertureISOFocalLengthAndLens() throws {
        var exif = EXIFBuilder()
        exif.exif[0x829A] = .rationals([(1, 125)])
        exif.exif[0x829D] = .rationals([(18, 10)])
        exif.exif[0x8827] = .short(400)
        exif.exif[0x920A] = .rationals([(57, 10)])
        exif.exif[0xA434] = .ascii("iPhone 15 back camera 6.765mm f/1.78")
        let shooting = try Self.info(exif).metadata.shooting
        #expect(shooting.exposureTime.map(ShootingDetails.exposureText) == "1/125 s")
        #expect(shooting.fNumber.map(ShootingDetails.apertureText) == "ƒ/1.8")
        #expect(shooting.iso == 400)
        #expect(shooting.focalLength.map(ShootingDetails.focalLengthText) == "5.7 mm")
        #expect(shooting.lens == "iPhone 15 back camera 6.765mm f/1.78")
        #expect(ShootingDetails.exposureText(2) == "2 s")
        #expect(ShootingDetails.apertureText(8) == "ƒ/8")
    }

    /// exiftool reads the builder's bytes as the tests mean them.
    @Test(.enabled(if: ExternalTools.has("exiftool"), "exiftool is not installed"))
    func exiftoolAgrees() throws {
        let path = "/tmp/filmroll-exif-\(UInt32.random(in: 0...UInt32.max)).jpg"
        try AtomicFile.write(try XMPFixtures.jpeg(xmp: nil, exif: Self.allDates.payload), to: path)
        defer { _ = path.withCString { unlink($0) } }
        let output = try ExternalTools.run(["exiftool", "-s3", "-d", "%Y-%m-%d %H:%M:%S", "-DateTimeOriginal", "-CreateDate",
                                            "-ModifyDate", "-GPSDateStamp", "-GPSTimeStamp", path])
        #expect(output.split(separator: "\n").map(String.init)
                == ["2025-06-01 08:00:00", "2025-06-02 09:00:00", "2025-06-03 10:00:00", "2025:06:04", "23:15:30"])
    }
}
