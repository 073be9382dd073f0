import Imaging
import Testing
import TestSupport

/// IPTC-IIM's DateCreated and TimeCreated, from a JPEG's APP13 Photoshop
/// resources (bytes built here), become a capture date with its offset,
/// ranked with XMP's: after DateTimeOriginal and CreateDate, before IFD0
/// DateTime. A date without a time keeps its time unknown.
@Suite struct IPTCDateTests {
    static func info(iim: [UInt8], xmp: [UInt8]? = nil, exif: EXIFBuilder? = nil,
                     before: [UInt8] = []) throws -> ImageInfo {
        let jpeg = try XMPFixtures.jpeg(xmp: xmp, exif: exif?.payload)
        return try ImageDecoder.readInfo(IPTCFixtures.inserting(IPTCFixtures.resources(iim, before: before), into: jpeg))
    }

    @Test func dateAndTimeWithTheirOffset() throws {
        let info = try Self.info(iim: IPTCFixtures.iim([(5, "Title"), (55, "20110304"), (60, "101112+0900")]),
                                 before: [1, 2, 3])   // an odd-sized resource first, padded
        let (date, source) = try #require(info.metadata.captureDateAndSource)
        #expect(source == .iptc)
        #expect(date.iso8601 == "2011-03-04T10:11:12+09:00")
        #expect(date.hasTimeOfDay)
        let west = try Self.info(iim: IPTCFixtures.iim([(55, "20110304"), (60, "235959-0330")]))
        #expect(west.metadata.captureDate?.iso8601 == "2011-03-04T23:59:59-03:30")
        let noOffset = try Self.info(iim: IPTCFixtures.iim([(55, "20110304"), (60, "101112")]))
        #expect(noOffset.metadata.captureDate?.iso8601 == "2011-03-04T10:11:12")
    }

    @Test func aDateWithoutItsTimeKeepsTheTimeUnknown() throws {
        let alone = try #require(try Self.info(iim: IPTCFixtures.iim([(55, "20110304")])).metadata.captureDate)
        #expect(!alone.hasTimeOfDay)
        #expect(alone.dayString == "2011-03-04")
        // A time that cannot be read leaves the day alone, not midnight.
        let broken = try #require(try Self.info(iim: IPTCFixtures.iim([(55, "20110304"), (60, "25xx00")])).metadata.captureDate)
        #expect(!broken.hasTimeOfDay)
        #expect(broken.dayString == "2011-03-04")
    }

    @Test func digitalCreationDateWhenThereIsNoDateCreated() throws {
        let info = try Self.info(iim: IPTCFixtures.iim([(62, "20090102"), (63, "030405+0100")]))
        #expect(info.metadata.captureDate?.iso8601 == "2009-01-02T03:04:05+01:00")
    }

    @Test func noDateFromBlankOrDamagedIPTC() throws {
        #expect(try Self.info(iim: IPTCFixtures.iim([(55, "00000000")])).metadata.captureDate == nil)
        #expect(try Self.info(iim: IPTCFixtures.iim([(55, "2011")])).metadata.captureDate == nil)
        // A dataset whose length runs past the block.
        let cut: [UInt8] = [0x1C, 2, 55, 0x00, 0x40] + Array("20110304".utf8)
        #expect(try Self.info(iim: cut).metadata.captureDate == nil)
        // An extended length (0x8004: four bytes of length follow).
        let extended: [UInt8] = [0x1C, 2, 55, 0x80, 0x04, 0, 0, 0, 8] + Array("20110304".utf8)
        #expect(try Self.info(iim: extended).metadata.captureDate?.dayString == "2011-03-04")
    }

    @Test func rankedAfterTheCameraDatesAndBeforeIFD0DateTime() throws {
        let iim = IPTCFixtures.iim([(55, "20110304"), (60, "101112+0900")])
        var original = EXIFBuilder()
        original.exif[0x9003] = .ascii("2012:01:01 08:00:00")
        original.ifd0[0x0132] = .ascii("2013:01:01 08:00:00")
        #expect(try Self.info(iim: iim, exif: original).metadata.captureDateAndSource?.source == .original)
        var created = EXIFBuilder()
        created.exif[0x9004] = .ascii("2012:01:01 08:00:00")
        #expect(try Self.info(iim: iim, exif: created).metadata.captureDateAndSource?.source == .digitized)
        var modified = EXIFBuilder()
        modified.ifd0[0x0132] = .ascii("2013:01:01 08:00:00")
        let overModified = try Self.info(iim: iim, exif: modified).metadata
        #expect(overModified.captureDateAndSource?.source == .iptc)
        #expect(overModified.captureDates[.modified]?.year == 2013)
    }

    @Test func withXMPADateWithItsTimeComesFirst() throws {
        let timed = IPTCFixtures.iim([(55, "20190504"), (60, "101112+0900")])
        let dayAlone = XMPFixtures.packet(attributes: #"photoshop:DateCreated="2019-05-04""#)
        let fromIPTC = try Self.info(iim: timed, xmp: dayAlone).metadata
        #expect(fromIPTC.captureDateAndSource?.source == .iptc)
        #expect(fromIPTC.captureDate?.iso8601 == "2019-05-04T10:11:12+09:00")

        let xmpTimed = XMPFixtures.packet(attributes: #"xmp:CreateDate="2019-05-04T09:00:00+09:00""#)
        #expect(try Self.info(iim: timed, xmp: xmpTimed).metadata.captureDateAndSource?.source == .xmp)
        let bothDays = try Self.info(iim: IPTCFixtures.iim([(55, "20190504")]), xmp: dayAlone).metadata
        #expect(bothDays.captureDateAndSource?.source == .xmp)
        #expect(bothDays.captureDate?.hasTimeOfDay == false)
        let xmpOverDay = try Self.info(iim: IPTCFixtures.iim([(55, "20190504")]), xmp: xmpTimed).metadata
        #expect(xmpOverDay.captureDateAndSource?.source == .xmp)
        #expect(xmpOverDay.captureDate?.hasTimeOfDay == true)
    }
}
