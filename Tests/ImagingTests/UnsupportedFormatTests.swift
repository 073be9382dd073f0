import Imaging
import Testing

/// Image formats Filmroll recognises but cannot decode are named, by content.
@Suite struct UnsupportedFormatTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var expected: UnsupportedFormat?
        var testDescription: String { name }
    }

    static func ftyp(_ brand: String) -> [UInt8] { [0, 0, 0, 0x18] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0] }

    static let samples: [Sample] = [
        Sample(name: "BMP", bytes: Array("BM".utf8) + [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0], expected: .bmp),
        Sample(name: "PSD", bytes: Array("8BPS".utf8) + [0, 1, 0, 0], expected: .photoshop),
        Sample(name: "ICO", bytes: [0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0], expected: .icon),
        // Decoded, so not unsupported.
        Sample(name: "TIFF, little-endian", bytes: [0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0], expected: nil),
        Sample(name: "TIFF, big-endian", bytes: [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 0x08], expected: nil),
        Sample(name: "CR2", bytes: [0x49, 0x49, 0x2A, 0x00, 0x10, 0, 0, 0] + Array("CR".utf8) + [2, 0], expected: nil),
        Sample(name: "CR3", bytes: ftyp("crx "), expected: nil),
        Sample(name: "JPEG XL codestream", bytes: [0xFF, 0x0A, 0xFA, 0x7F], expected: nil),
        Sample(name: "JPEG XL container", bytes: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A], expected: nil),
        Sample(name: "WebP", bytes: Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8), expected: nil),
        Sample(name: "HEIC", bytes: ftyp("heic"), expected: nil),
        Sample(name: "AVIF", bytes: ftyp("avif"), expected: nil),
        // Not images: a QuickTime movie, an MP4, a WAV, text that starts like a BMP, an XML sidecar.
        Sample(name: "MOV", bytes: ftyp("qt  "), expected: nil),
        Sample(name: "MP4", bytes: ftyp("mp42"), expected: nil),
        Sample(name: "WAV", bytes: Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8), expected: nil),
        Sample(name: "text starting with BM", bytes: Array("BMW service notes\n".utf8), expected: nil),
        Sample(name: "AAE sidecar", bytes: Array("<?xml version=\"1.0\"?>".utf8), expected: nil),
        Sample(name: "JPEG", bytes: [0xFF, 0xD8, 0xFF, 0xE0], expected: nil),
        Sample(name: "too short", bytes: [0x49, 0x49], expected: nil),
    ]

    @Test(arguments: samples)
    func sniffsByContent(sample: Sample) {
        #expect(UnsupportedFormat.sniff(sample.bytes) == sample.expected)
    }

    @Test func decodingAnUnsupportedFormatSaysWhichFormat() {
        // Given a Photoshop header, whatever the file is called
        let psd: [UInt8] = Array("8BPS".utf8) + [0, 1, 0, 0, 0, 0, 0, 0]
        // Then the decoder names the format instead of calling it "not an image"
        #expect(throws: ImagingError.unsupportedFormat("PSD")) { try ImageDecoder.decode(psd) }
        #expect(ImagingError.unsupportedFormat("PSD").description == "unsupported format (PSD)")
        // A CR3 is read by the camera RAW decoder now: a bare ftyp box is a RAW file cut short.
        #expect(throws: ImagingError.self) { try ImageDecoder.readInfo(Self.ftyp("crx ")) }
        #expect(ImageFormat.sniff(Self.ftyp("crx ")) == .raw)
        // A TIFF is decoded now: an empty one is a damaged TIFF, not an unsupported format
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 0x08, 0, 0]
        #expect(throws: ImagingError.corrupt(.tiff, "Sanity check on directory count failed, zero tag directories not supported")) {
            try ImageDecoder.decode(tiff)
        }
        // And bytes of no image format stay unrecognised
        #expect(throws: ImagingError.unrecognizedFormat) { try ImageDecoder.decode(Array("hello".utf8)) }
    }
}
