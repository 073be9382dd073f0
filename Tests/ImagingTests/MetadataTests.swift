import Imaging
import Testing
import TestSupport

@Suite struct MetadataTests {
    @Test func photoEXIFIsRead() throws {
        let metadata = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jpeg/photo.jpg")).metadata
        #expect(metadata.orientation == .up)
        #expect(metadata.hasOrientationTag)
        #expect(metadata.make == "Filmroll")
        #expect(metadata.model == "Fixture Cam")
        #expect(metadata.camera == "Filmroll Fixture Cam")
        #expect(metadata.captureDate?.iso8601 == "2025-04-10T14:30:05.250+09:00")
        let gps = try #require(metadata.gps)
        #expect(abs(gps.latitude - 37.5665) < 1e-6)
        #expect(abs(gps.longitude - 126.978) < 1e-6)
        #expect(metadata.exifPixelSize == PixelSize(width: 640, height: 480))
    }

    @Test(arguments: [
        ("dated/IMG_0001.jpg", "2025-04-10T09:15:00+09:00"),
        ("dated/IMG_0004.jpg", "2025-04-11T08:00:00+09:00"),
        ("dated/IMG_0006.jpg", "2025-04-12T22:45:59"),
    ])
    func captureDatesWithAndWithoutOffset(file: String, iso: String) throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path(file))
        #expect(info.metadata.captureDate?.iso8601 == iso)
    }

    @Test func filesWithoutEXIFHaveNone() throws {
        let metadata = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jpeg/progressive.jpg")).metadata
        #expect(metadata.captureDate == nil)
        #expect(metadata.make == nil)
        #expect(metadata.gps == nil)
        #expect(!metadata.hasOrientationTag)
    }

    @Test(arguments: [
        ("2025:04:10 14:30:05", nil, nil, "2025-04-10T14:30:05"),
        ("2025:04:10 14:30:05", "+09:00", "250", "2025-04-10T14:30:05.250+09:00"),
        ("2025:04:10 14:30:05", "-03:30", nil, "2025-04-10T14:30:05-03:30"),
        ("2025:04:10 14:30:05", "+00:00", nil, "2025-04-10T14:30:05Z"),
        ("2025-04-10 14:30:05", "garbage", "x1", "2025-04-10T14:30:05"),
    ] as [(String, String?, String?, String)])
    func exifDateTimesParse(text: String, offset: String?, subseconds: String?, iso: String) {
        #expect(CaptureDate(exifDateTime: text, offset: offset, subseconds: subseconds)?.iso8601 == iso)
    }

    @Test(arguments: ["0000:00:00 00:00:00", "    :  :     :  :  ", "", "2025:13:01 00:00:00", "2025:04:10"])
    func blankOrImpossibleDatesAreAbsent(text: String) {
        #expect(CaptureDate(exifDateTime: text) == nil)
    }

    @Test func corruptEXIFIsToleratedNotFatal() throws {
        var bytes = try Fixtures.bytes("jpeg/photo.jpg")
        // Scramble the TIFF body of the APP1 payload (after "Exif\0\0" and the byte-order mark).
        let exifStart = try #require(bytes.firstRange(of: Array("Exif".utf8))).lowerBound
        for offset in (exifStart + 14)..<(exifStart + 200) { bytes[offset] = 0xFF }
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.image.size == PixelSize(width: 640, height: 480))
        #expect(decoded.info.metadata.orientation == .up)
    }
}
