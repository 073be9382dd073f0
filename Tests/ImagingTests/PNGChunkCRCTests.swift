import Imaging
import Testing
import TestSupport

/// A bad CRC in an ancillary chunk is damage libpng and browsers go past;
/// in a critical chunk it is an error.
@Suite struct PNGChunkCRCTests {
    /// A 4×3 RGB PNG with a tEXt chunk before the image data and a tIME chunk after it.
    static func png() throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<3 { for x in 0..<4 { pixels += [UInt8(x * 60), UInt8(y * 100), 200] } }
        let image = Image(width: 4, height: 3, format: .rgb8, pixels: pixels)
        let encoded = try ImageEncoder.encode(image, as: .png(PNGEncodingOptions(texts: [.init(key: "Comment", value: "hi")])))
        var chunks = PNGChunks(encoded)
        let iend = chunks.list.count - 1
        chunks.list.insert(("tIME", [0x07, 0xE9, 4, 10, 9, 15, 0]), at: iend)
        return chunks.bytes
    }

    /// `bytes` with the CRC of the first `type` chunk flipped.
    static func breakingCRC(of type: String, in bytes: [UInt8]) throws -> [UInt8] {
        var bytes = bytes
        let offset = try #require(PNGChunks.offset(of: type, in: bytes))
        let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        bytes[offset + 8 + length] ^= 0xFF
        return bytes
    }

    @Test func cleanFileHasNoWarnings() throws {
        let decoded = try ImageDecoder.decode(try Self.png())
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.image.pixel(x: 3, y: 2) == [180, 200, 200])
    }

    @Test(arguments: ["tEXt", "tIME"])
    func ancillaryChunkWithBadCRCDecodesWithAWarning(chunk: String) throws {
        // Given a PNG whose only damage is the CRC of one ancillary chunk
        let clean = try ImageDecoder.decode(try Self.png())
        let damaged = try Self.breakingCRC(of: chunk, in: try Self.png())
        // When it is decoded
        let decoded = try ImageDecoder.decode(damaged)
        // Then the pixels are those of the clean file, and the damage is told
        #expect(decoded.image == clean.image)
        #expect(decoded.warnings == ["PNG chunk \(chunk) has a bad CRC; ignored"])
    }

    @Test func headerReadWarnsOfChunksBeforeTheImageData() throws {
        let damaged = try Self.breakingCRC(of: "tEXt", in: try Self.png())
        #expect(try ImageDecoder.readInfo(damaged).warnings == ["PNG chunk tEXt has a bad CRC; ignored"])
        // The decode reads the header again; the warning is still told once.
        #expect(try ImageDecoder.decode(damaged).warnings == ["PNG chunk tEXt has a bad CRC; ignored"])
    }

    @Test(arguments: ["IHDR", "IDAT", "IEND"])
    func criticalChunkWithBadCRCIsAnError(chunk: String) throws {
        let damaged = try Self.breakingCRC(of: chunk, in: try Self.png())
        #expect(throws: ImagingError.corrupt(.png, "\(chunk): CRC error")) { try ImageDecoder.decode(damaged) }
    }
}

/// The chunks of a PNG, to add chunks to (with a correct CRC) and write back.
struct PNGChunks {
    var list: [(type: String, data: [UInt8])] = []

    init(_ bytes: [UInt8]) {
        var position = 8
        while position + 12 <= bytes.count {
            let length = Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16
                | Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let type = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
            list.append((type, Array(bytes[position + 8..<position + 8 + length])))
            position += 12 + length
        }
    }

    var bytes: [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in list { bytes += APNGBuilder.chunk(type, data) }
        return bytes
    }

    /// Where the first chunk of `type` starts (its length field).
    static func offset(of type: String, in bytes: [UInt8]) -> Int? {
        var position = 8
        while position + 12 <= bytes.count {
            let length = Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16
                | Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            if String(decoding: bytes[position + 4..<position + 8], as: UTF8.self) == type { return position }
            position += 12 + length
        }
        return nil
    }
}
