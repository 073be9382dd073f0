import Foundation
import Imaging
import Testing
import TestSupport

/// A TIFF's IPTC date (scans from photo archives carry it): the IPTC-NAA
/// tag's IIM block, else Photoshop's image resources, in either byte order;
/// EXIF's DateTimeOriginal still comes first.
@Suite struct TIFFIPTCDateTests {
    static func page(bigEndian: Bool = false, tags: [Int: [UInt8]]) -> [UInt8] {
        var fixture = TIFFFixture(width: 2, height: 1, samplesPerPixel: 1, bitsPerSample: 8, photometric: 1,
                                  bigEndian: bigEndian, samples: [0, 255])
        fixture.undefinedTags = tags
        return fixture.bytes
    }

    static let timed = IPTCFixtures.iim([(55, "20110304"), (60, "101112+0900")])

    @Test(arguments: [false, true]) func theIPTCTagGivesTheDateAndTime(bigEndian: Bool) throws {
        let info = try ImageDecoder.readInfo(Self.page(bigEndian: bigEndian, tags: [33723: Self.timed]))
        let taken = try #require(info.metadata.captureDateAndSource)
        #expect(taken.source == .iptc)
        #expect(taken.date.iso8601 == "2011-03-04T10:11:12+09:00")
    }

    @Test func photoshopsResourcesGiveItWhenTheTagIsMissing() throws {
        let day = IPTCFixtures.iim([(55, "19870612")])
        let info = try ImageDecoder.readInfo(Self.page(tags: [34377: IPTCFixtures.resources(day)]))
        let taken = try #require(info.metadata.captureDateAndSource)
        #expect(taken.source == .iptc)
        #expect(taken.date.iso8601.hasPrefix("1987-06-12"))
        #expect(!taken.date.hasTimeOfDay)
    }

    @Test func aBlockPastTheFileIsNoDate() throws {
        var bytes = Self.page(tags: [33723: Self.timed])
        // The tag's count made larger than the file.
        let directory = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        let count = Int(bytes[directory]) | Int(bytes[directory + 1]) << 8
        for index in 0..<count {
            let entry = directory + 2 + 12 * index
            if Int(bytes[entry]) | Int(bytes[entry + 1]) << 8 == 33723 {
                bytes.replaceSubrange((entry + 4)..<(entry + 8), with: [0xFF, 0xFF, 0xFF, 0x7F])
            }
        }
        #expect(try ImageDecoder.readInfo(bytes).metadata.captureDates[.iptc] == nil)
    }

    @Test(.enabled(if: ExternalTools.has("exiftool"), "needs exiftool"))
    func exiftoolsIPTCInATIFF() throws {
        let path = NSTemporaryDirectory() + "filmroll-iptc-\(UUID().uuidString).tif"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(Self.page(tags: [:])).write(to: URL(fileURLWithPath: path))
        _ = try ExternalTools.run(["exiftool", "-q", "-overwrite_original", "-IPTC:DateCreated=1962:08:05",
                                   "-IPTC:TimeCreated=14:30:00-07:00", path])
        let said = try ExternalTools.run(["exiftool", "-s3", "-IPTC:DateCreated", "-IPTC:TimeCreated", path])
        #expect(said == "1962:08:05\n14:30:00-07:00\n", "\(said)")
        let info = try ImageDecoder.readInfo(contentsOf: path)
        #expect(info.metadata.captureDateAndSource?.date.iso8601 == "1962-08-05T14:30:00-07:00")
        #expect(info.metadata.captureDateAndSource?.source == .iptc)
    }
}
