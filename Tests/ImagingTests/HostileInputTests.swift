import Foundation
import Imaging
import Testing
import TestSupport

/// Inputs that tried to hurt: each must fail cleanly or decode, never
/// crash, hang or allocate without bound.
@Suite struct HostileInputTests {
    /// Every input the fuzzers ever found, replayed (Fuzz/regressions/).
    static let regressions: [String] = {
        let folder = Fixtures.root + "/Fuzz/regressions"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }()

    @Test func theRegressionFolderIsRead() {
        // An empty list would make the replay below test nothing.
        #expect(Self.regressions.contains { $0.hasSuffix("/heif-grid-references-itself") })
        #expect(Self.regressions.contains { $0.hasSuffix("/heif-nclx-leak") })
    }

    @Test func aGridThatListsItselfIsRefusedByName() throws {
        let bytes = try FileBytes.read(Fixtures.root + "/Fuzz/regressions/heif-grid-references-itself")
        #expect(throws: ImagingError.corrupt(.heif, "image item 2 is built from derived images (a loop, or nested grids)")) {
            try ImageDecoder.decode(bytes)
        }
    }

    @Test(arguments: regressions)
    func fuzzerFindingsStayFixed(path: String) throws {
        let bytes = try FileBytes.read(path)
        _ = try? ImageDecoder.readInfo(bytes)
        _ = try? ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all))
        _ = try? ImageDecoder.decode(bytes, options: DecodeOptions(target: .edge(16)))
    }

    @Test func tooManyProgressiveScansIsRefused() throws {
        var limits = DecodeLimits()
        limits.maxProgressiveScans = 2
        #expect {
            try Fixtures.decode("jpeg/progressive.jpg", options: DecodeOptions(limits: limits))
        } throws: { error in
            String(describing: error) == "limit exceeded: too many progressive scans (more than 2)"
        }
        #expect(throws: Never.self) { try Fixtures.decode("jpeg/progressive.jpg") }
    }

    /// A PNG whose zTXt chunk inflates to 64 MB: the text is dropped, the picture decodes.
    @Test func compressedTextBombIsNotInflated() throws {
        var png = try Fixtures.bytes("png/rgba.png")
        let text = Array("Comment\0\0".utf8) + deflate([UInt8](repeating: 0x41, count: 64 << 20))
        let chunk = Self.chunk("zTXt", text)
        png.insert(contentsOf: chunk, at: 33)   // after IHDR
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.image.pixel(x: 5, y: 20) == [40, 160, 128, 255])
    }

    /// A text chunk declaring 2 GB in a file of a few hundred bytes: libpng
    /// would allocate what it declares; it is truncated, from its header.
    @Test func chunkDeclaringMoreThanTheFileIsTruncated() throws {
        var png = try Fixtures.bytes("png/rgba.png")
        var chunk = Self.chunk("tEXt", Array("Comment\0hello".utf8))
        chunk.replaceSubrange(0..<4, with: [0x7F, 0xFF, 0xFF, 0xFF])
        png.insert(contentsOf: chunk, at: 33)
        #expect {
            try ImageDecoder.readInfo(png)
        } throws: { error in
            guard case .truncated(.png, let reason)? = error as? ImagingError else { return false }
            return reason.hasPrefix("chunk tEXt declares 2147483647 bytes, more than the ")
        }
        #expect(throws: ImagingError.self) { try ImageDecoder.decode(png) }
    }

    /// A 2 MB text chunk with a 1 MB limit: passed over unread, the picture decodes.
    @Test func chunkOverTheLimitIsPassedOver() throws {
        var png = try Fixtures.bytes("png/rgba.png")
        png.insert(contentsOf: Self.chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 0x41, count: 2 << 20)), at: 33)
        var limits = DecodeLimits()
        limits.maxPNGChunkBytes = 1 << 20
        let decoded = try ImageDecoder.decode(png, options: DecodeOptions(limits: limits))
        #expect(decoded.image.pixel(x: 5, y: 20) == [40, 160, 128, 255])
        #expect(decoded.warnings.isEmpty)
    }

    /// EXIF whose IFD0 points back at itself, carrying Orientation 6.
    @Test func exifLoopKeepsTheOrientation() throws {
        var tiff: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0]      // IFD0 at 8
        tiff += [1, 0]                                               // one entry
        tiff += [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]           // Orientation SHORT 1 = 6
        tiff += [8, 0, 0, 0]                                         // next IFD: itself
        var png = try Fixtures.bytes("png/rgb16.png")
        png.insert(contentsOf: Self.chunk("eXIf", tiff), at: 33)
        let info = try ImageDecoder.readInfo(png)
        #expect(info.metadata.orientation == .right)
    }

    @Test func exifWithOffsetsOutsideThePayloadIsIgnoredNotFatal() throws {
        var tiff: [UInt8] = Array("MM\0*".utf8) + [0x7F, 0xFF, 0xFF, 0xF0]    // IFD0 far outside
        tiff += [UInt8](repeating: 0xEE, count: 40)
        var png = try Fixtures.bytes("png/rgb16.png")
        png.insert(contentsOf: Self.chunk("eXIf", tiff), at: 33)
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.info.metadata.orientation == .up)
        #expect(decoded.image.size == PixelSize(width: 16, height: 16))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let length = UInt32(data.count), crc = CRC32.checksum(body)
        return [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
            + body + [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
    }
}

/// zlib-compresses with the system's python (always present where the tests run).
func deflate(_ bytes: [UInt8]) -> [UInt8] {
    let input = NSTemporaryDirectory() + "filmroll-deflate-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: input, contents: Data(bytes))
    defer { try? FileManager.default.removeItem(atPath: input) }
    _ = try? runPython("import zlib,sys;d=open(sys.argv[1],'rb').read();open(sys.argv[1],'wb').write(zlib.compress(d,9))", input)
    return (try? FileBytes.read(input)) ?? []
}
