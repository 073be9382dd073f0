import Imaging
import Testing
import TestSupport

/// Camera RAW files are told by content: their own signatures, and for the
/// TIFF-based ones IFD0's tags, so that a plain TIFF is never taken for one.
@Suite struct RAWSniffingTests {
    /// A little TIFF head: IFD0 at 8 with `entries` (tag, type, count, value
    /// or offset), then `extra` bytes (text values point there, from 8 + 2 + 12n + 4).
    static func tiff(bigEndian: Bool = false, _ entries: [(tag: Int, type: Int, count: Int, value: Int)],
                     extra: [UInt8] = []) -> [UInt8] {
        func bytes(_ value: Int, _ size: Int) -> [UInt8] {
            let little = (0..<size).map { UInt8((value >> (8 * $0)) & 0xFF) }
            return bigEndian ? little.reversed() : little
        }
        var out: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        out += bytes(8, 4) + bytes(entries.count, 2)
        for entry in entries {
            out += bytes(entry.tag, 2) + bytes(entry.type, 2) + bytes(entry.count, 4)
            // SHORT values sit in the first two bytes of the field.
            out += entry.type == 3 && entry.count == 1 ? bytes(entry.value, 2) + [0, 0] : bytes(entry.value, 4)
        }
        return out + [0, 0, 0, 0] + extra
    }

    /// The offset `extra` starts at for a head of `count` entries.
    static func extraOffset(_ count: Int) -> Int { 8 + 2 + 12 * count + 4 }

    /// IFD0 as a camera writes it: a reduced-resolution image, `make`, and SubIFDs when asked.
    static func cameraTIFF(make: String, bigEndian: Bool = false, subIFDs: Bool = true, newSubfileType: Int = 1,
                           compression: Int = 1, photometric: Int = 2) -> [UInt8] {
        let count = subIFDs ? 5 : 4
        var entries: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (0x00FE, 4, 1, newSubfileType), (0x0103, 3, 1, compression), (0x0106, 3, 1, photometric),
            (0x010F, 2, make.utf8.count + 1, extraOffset(count)),
        ]
        if subIFDs { entries.append((0x014A, 4, 1, 4000)) }
        return tiff(bigEndian: bigEndian, entries, extra: Array(make.utf8) + [0])
    }

    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var kind: RAWKind?
        var testDescription: String { name }
    }

    static let samples: [Sample] = [
        Sample(name: "CR3", bytes: [0, 0, 0, 0x18] + Array("ftypcrx ".utf8) + [0, 0, 0, 1] + Array("crx isom".utf8),
               kind: .cr3),
        Sample(name: "RAF", bytes: Array("FUJIFILMCCD-RAW 0201FF383501".utf8), kind: .raf),
        Sample(name: "RW2", bytes: [0x49, 0x49, 0x55, 0x00, 0x08, 0, 0, 0], kind: .rw2),
        Sample(name: "ORF", bytes: Array("IIRO".utf8) + [8, 0, 0, 0], kind: .orf),
        Sample(name: "ORF (IIRS)", bytes: Array("IIRS".utf8) + [8, 0, 0, 0], kind: .orf),
        Sample(name: "ORF, big-endian", bytes: Array("MMOR".utf8) + [0, 0, 0, 8], kind: .orf),
        Sample(name: "CR2", bytes: [0x49, 0x49, 0x2A, 0x00, 0x10, 0, 0, 0] + Array("CR".utf8) + [2, 0], kind: .cr2),
        Sample(name: "DNG", bytes: tiff([(0x00FE, 4, 1, 0), (0xC612, 1, 4, 0x0001_0401)]), kind: .dng),
        Sample(name: "DNG, big-endian", bytes: tiff(bigEndian: true, [(0xC612, 1, 4, 0x0104_0000)]), kind: .dng),
        Sample(name: "NEF", bytes: cameraTIFF(make: "NIKON CORPORATION"), kind: .nef),
        Sample(name: "NEF, big-endian", bytes: cameraTIFF(make: "NIKON CORPORATION", bigEndian: true), kind: .nef),
        Sample(name: "ARW", bytes: cameraTIFF(make: "SONY", compression: 6), kind: .arw),
        Sample(name: "PEF", bytes: cameraTIFF(make: "PENTAX", subIFDs: false, newSubfileType: 0, compression: 65535),
               kind: .pef),
        Sample(name: "SRW", bytes: cameraTIFF(make: "SAMSUNG", subIFDs: false, newSubfileType: 0, photometric: 32803),
               kind: .srw),
        Sample(name: "Hasselblad 3FR", bytes: cameraTIFF(make: "Hasselblad", subIFDs: false, newSubfileType: 0,
                                                         photometric: 32803), kind: .tiffBased),
        // A TIFF exported from a NEF keeps the camera's Make, but is one full image.
        Sample(name: "TIFF exported from a NEF", bytes: cameraTIFF(make: "NIKON CORPORATION", subIFDs: false,
                                                                    newSubfileType: 0, compression: 5), kind: nil),
        Sample(name: "PackBits TIFF with a camera's Make", bytes: cameraTIFF(make: "SONY", subIFDs: false,
                                                                            newSubfileType: 0, compression: 32773),
               kind: nil),
        // A RAW's layout without a camera maker's Make: a scanner's multi-page TIFF.
        Sample(name: "TIFF with SubIFDs from a scanner", bytes: cameraTIFF(make: "EPSON"), kind: nil),
        Sample(name: "Epson R-D1 ERF", bytes: cameraTIFF(make: "SEIKO EPSON CORP."), kind: .tiffBased),
        // Signatures LibRaw's identify looks for.
        Sample(name: "CRW", bytes: Array("II".utf8) + [0x1A, 0, 0, 0] + Array("HEAPCCDR".utf8) + [2, 0, 1, 0], kind: .crw),
        Sample(name: "CRW, big-endian", bytes: Array("MM".utf8) + [0, 0, 0, 0x1A] + Array("HEAPCCDR".utf8), kind: .crw),
        Sample(name: "MRW", bytes: [0, 0x4D, 0x52, 0x4D, 0, 0, 0x0A, 0x0C, 0] + Array("PRD".utf8), kind: .mrw),
        Sample(name: "IIQ (TIFF wrapper, then Phase One's block)",
               bytes: [0x49, 0x49, 0x2A, 0x00, 0x08, 0x0A, 0, 0] + Array("IIIICwaR".utf8) + [0x58, 6, 0, 0], kind: .iiq),
        Sample(name: "Phase One, no wrapper", bytes: Array("IIII".utf8) + [0x01] + Array("waR".utf8), kind: .iiq),
        Sample(name: "Phase One, big-endian", bytes: Array("MMMMRaw".utf8) + [0x01, 0, 0, 0, 8], kind: .iiq),
        Sample(name: "Contax N Digital", bytes: [UInt8](repeating: 0, count: 25) + Array("ARECOYK".utf8), kind: .otherSignature),
        Sample(name: "Nokia", bytes: Array("NOKIARAW".utf8) + [0, 0, 0, 0], kind: .otherSignature),
        // "IIII" without Phase One's mark: only a TIFF.
        Sample(name: "TIFF whose head holds IIII", bytes: [0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0] + Array("IIIIxxxx".utf8),
               kind: nil),
        // A RAW's TIFF wrapper: a camera's Make on a placeholder of a pixel (Phase One's, Leaf's).
        Sample(name: "1x1 placeholder with a camera's Make",
               bytes: tiff([(0x0100, 4, 1, 1), (0x0101, 4, 1, 1), (0x010F, 2, 5, extraOffset(3))], extra: Array("Leaf\0".utf8)),
               kind: .tiffBased),
        Sample(name: "1x1 TIFF without a Make", bytes: tiff([(0x0100, 4, 1, 1), (0x0101, 4, 1, 1)]), kind: nil),
        Sample(name: "9x9 TIFF with a camera's Make",
               bytes: tiff([(0x0100, 4, 1, 9), (0x0101, 4, 1, 9), (0x010F, 2, 5, extraOffset(3))], extra: Array("Leaf\0".utf8)),
               kind: nil),
        Sample(name: "plain TIFF header", bytes: [0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0], kind: nil),
        Sample(name: "IFD0 past the head", bytes: [0x49, 0x49, 0x2A, 0x00, 0x00, 0x00, 0x10, 0x00], kind: nil),
        Sample(name: "HEIC", bytes: [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], kind: nil),
        Sample(name: "JPEG", bytes: [0xFF, 0xD8, 0xFF, 0xE0], kind: nil),
        Sample(name: "empty", bytes: [], kind: nil),
    ]

    @Test(arguments: samples)
    func kindsByContent(sample: Sample) {
        #expect(RAWKind(head: sample.bytes) == sample.kind)
        #expect((ImageFormat.sniff(sample.bytes) == .raw) == (sample.kind != nil))
    }

    @Test(arguments: ["raw/camera.dng", "raw/rotated.dng", "raw/plain.dng", "raw/truncated.dng"])
    func fixtureDNGsAreRAW(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        #expect(RAWKind(head: Array(bytes.prefix(RAWKind.signatureLength))) == .dng)
        #expect(ImageFormat.sniff(bytes) == .raw)
    }

    @Test(arguments: ["raw/plain.tiff", "raw/export.tiff"])
    func tiffsWrittenByLibTIFFAreNotRAW(file: String) throws {
        // Given TIFFs written by Pillow's libtiff, one with a Nikon's Make and Model
        let bytes = try Fixtures.bytes(file)
        // Then neither is a RAW file
        #expect(RAWKind(head: Array(bytes.prefix(RAWKind.signatureLength))) == nil)
        #expect(ImageFormat.sniff(bytes) != .raw)
        #expect(ImageFormat.sniff(bytes) == .tiff)
    }

    @Test func theRAWDecoderIsRegisteredBeforeTIFFAndClaimsTheExtensions() throws {
        let decoders = ImageDecoders.all
        let raw = try #require(decoders.firstIndex { $0.format == .raw })
        if let tiff = decoders.firstIndex(where: { $0.format.rawValue == "tiff" }) { #expect(raw < tiff) }
        #expect(ImageDecoders.signatureLength >= RAWKind.signatureLength)
        for name in ["cr2", "cr3", "nef", "arw", "raf", "rw2", "dng", "orf", "pef", "srw", "crw", "mrw", "iiq", "nrw", "3fr"] {
            #expect(ImageDecoders.fileExtensions.contains(name), "\(name)")
        }
        #expect(ImageFormat(rawValue: "raw").displayName == "camera RAW")
    }
}
