import Imaging
import Testing

/// giflib cannot decode an LZW minimum code size above 8 (other decoders
/// accept up to 12); the error says exactly that instead of "truncated".
@Suite struct GIFCodeSizeTests {
    static let header: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0xFF, 0xFF, 0xFF, 0, 0, 0]
    /// One 1×1 frame of colour 0 (white): descriptor, LZW minimum code size, data.
    static func frame(codeSize: UInt8) -> [UInt8] {
        [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, codeSize, 0x02, 0x44, 0x01, 0x00]
    }
    static let trailer: [UInt8] = [0x3B]

    @Test func theFixtureDecodesWithCodeSize2() throws {
        let decoded = try ImageDecoder.decode(Self.header + Self.frame(codeSize: 2) + Self.trailer)
        #expect(decoded.image.pixel(x: 0, y: 0) == [255, 255, 255, 255])
    }

    @Test func codeSizeAbove8IsNamed() {
        let gif = Self.header + Self.frame(codeSize: 11) + Self.trailer
        let expected = ImagingError.corrupt(.gif, "LZW minimum code size 11 is above 8, which giflib cannot decode")
        #expect(throws: expected) { try ImageDecoder.readInfo(gif) }
        #expect(expected.description == "corrupt GIF: LZW minimum code size 11 is above 8, which giflib cannot decode")
    }

    @Test func inALaterFrameToo() {
        let gif = Self.header + Self.frame(codeSize: 2) + Self.frame(codeSize: 12) + Self.trailer
        #expect(throws: ImagingError.corrupt(.gif, "LZW minimum code size 12 is above 8, which giflib cannot decode")) {
            try ImageDecoder.decode(gif, options: DecodeOptions(frames: .all))
        }
    }
}
