#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Testing
import TestSupport

/// Numeric EXIF tags read whatever type a camera stored them in, as
/// exiftool does: some Android phones write GPS as SRATIONAL, some
/// writers store Orientation as LONG or BYTE.
@Suite struct EXIFNumericTypeTests {
    /// An EXIF payload (little-endian TIFF) with a GPS IFD of latitude and
    /// longitude as `type` rationals (5 RATIONAL, 10 SRATIONAL), and refs when given.
    static func gpsPayload(type: UInt16, latitude: [(Int32, Int32)], longitude: [(Int32, Int32)],
                           references: (Character, Character)?) -> [UInt8] {
        var bytes: [UInt8] = Array("Exif".utf8) + [0, 0]
        var tiff: [UInt8] = [0x49, 0x49, 42, 0] + le32(8)
        func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        // IFD0: one entry pointing at the GPS IFD.
        let gpsOffset: UInt32 = 8 + 2 + 12 + 4
        tiff += le16(1) + le16(0x8825) + le16(4) + le32(1) + le32(gpsOffset) + le32(0)
        var entries: [[UInt8]] = []
        let count = references == nil ? 2 : 4
        var dataOffset = gpsOffset + 2 + UInt32(count) * 12 + 4
        var data: [UInt8] = []
        func rationals(_ tag: UInt16, _ parts: [(Int32, Int32)]) {
            entries.append(le16(tag) + le16(type) + le32(UInt32(parts.count)) + le32(dataOffset))
            for (numerator, denominator) in parts { data += le32(UInt32(bitPattern: numerator)) + le32(UInt32(bitPattern: denominator)) }
            dataOffset += UInt32(parts.count * 8)
        }
        func reference(_ tag: UInt16, _ letter: Character) {
            entries.append(le16(tag) + le16(2) + le32(2) + [letter.asciiValue!, 0, 0, 0])
        }
        if let references { reference(1, references.0) }
        rationals(2, latitude)
        if let references { reference(3, references.1) }
        rationals(4, longitude)
        tiff += le16(UInt16(count)) + entries.flatMap { $0 } + le32(0) + data
        bytes += tiff
        return bytes
    }

    /// An EXIF payload whose only tag is Orientation = 6, stored as `type`
    /// (1 BYTE, 3 SHORT, 4 LONG, 5 RATIONAL) in a little-endian TIFF.
    static func orientationPayload(type: UInt16) -> [UInt8] {
        func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let value: [UInt8] = switch type {
        case 1: [6, 0, 0, 0]
        case 3: le16(6) + [0, 0]
        case 4: le32(6)
        default: le32(26)         // the rational's offset: just after this IFD
        }
        var tiff: [UInt8] = [0x49, 0x49, 42, 0] + le32(8)
        tiff += le16(1) + le16(0x0112) + le16(type) + le32(1) + value + le32(0)
        if type == 5 { tiff += le32(12) + le32(2) }    // 12/2 = 6
        return Array("Exif".utf8) + [0, 0] + tiff
    }

    static func info(withEXIF payload: [UInt8]) throws -> ImageInfo {
        let path = "/tmp/filmroll-exif-\(UInt32.random(in: 0...UInt32.max)).jpg"
        defer { _ = unlink(path) }
        let image = Image(width: 8, height: 4, format: .rgb8, pixels: [UInt8](repeating: 128, count: 8 * 4 * 3))
        try AtomicFile.write(try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(exif: payload))), to: path)
        return try ImageDecoder.readInfo(contentsOf: path)
    }

    @Test(arguments: [UInt16(1), 3, 4, 5])
    func orientationInAnyIntegerTypeIsReadAndRewrittenUpright(type: UInt16) throws {
        let payload = Self.orientationPayload(type: type)
        #expect(try Self.info(withEXIF: payload).metadata.orientation == Orientation(rawValue: 6))
        let upright = try EXIFPayload.upright(payload, size: PixelSize(width: 4, height: 8))
        let rewritten = try Self.info(withEXIF: upright)
        #expect(rewritten.metadata.orientation == .up)
        #expect(rewritten.metadata.hasOrientationTag, "the tag stays, set to 1, so no viewer turns the picture again")
    }

    static func gps(of payload: [UInt8]) throws -> GPSCoordinate? {
        try info(withEXIF: payload).metadata.gps
    }

    @Test func signedRationalsWithoutReferencesCarryTheHemisphere() throws {
        let payload = Self.gpsPayload(type: 10, latitude: [(-33, 1), (51, 1), (5400, 100)],
                                      longitude: [(151, 1), (12, 1), (3000, 100)], references: nil)
        let gps = try #require(try Self.gps(of: payload))
        #expect(abs(gps.latitude - -33.865) < 1e-9)
        #expect(abs(gps.longitude - (151 + 12.0 / 60 + 30.0 / 3600)) < 1e-9)
    }

    @Test(arguments: [UInt16(5), 10])
    func rationalsOfEitherSignednessWithReferences(type: UInt16) throws {
        let payload = Self.gpsPayload(type: type, latitude: [(37, 1), (33, 1), (594, 10)],
                                      longitude: [(122, 1), (30, 1)], references: ("N", "W"))
        let gps = try #require(try Self.gps(of: payload))
        #expect(abs(gps.latitude - 37.5665) < 1e-9)
        #expect(abs(gps.longitude - -122.5) < 1e-9)
    }
}
