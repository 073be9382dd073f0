import Foundation
@testable import FilmrollCLI
import Imaging
import Testing
import TestSupport

/// `convert --keep-profile` to PNG writes a file every viewer reads: an sRGB
/// profile as PNG's sRGB chunk, a profile libpng refuses converted from (with
/// a line saying why), and a profile that does not describe the pixels left
/// out (with a line).
@Suite struct ConvertKeptProfileTests {
    /// An sRGB profile that is not byte for byte one libpng knows.
    static let sRGB = try! ColorProfile(primaries: .bt709, transfer: .sRGB, description: "sRGB (test)")
    static let displayP3 = try! ColorProfile(primaries: .displayP3, transfer: .sRGB, description: "Display P3 (test)")

    /// A colourful 48 × 32 picture.
    static let picture = Image(width: 48, height: 32, format: .rgb8, pixels: (0..<(48 * 32)).flatMap { index in
        let x = index % 48, y = index / 48
        return [UInt8(x * 5), UInt8(y * 7), UInt8(255 - x * 3 - y * 2)]
    })

    /// A JPEG of `picture` carrying `profile`, in a fresh folder.
    static func photo(with profile: [UInt8], in folder: borrowing TemporaryFolder) throws -> String {
        let path = folder.file("photo.jpg")
        let bytes = try ImageEncoder.encode(picture, as: .jpeg(JPEGEncodingOptions(quality: 95, iccProfile: profile)))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The types of a PNG's chunks before its image data.
    static func chunkTypes(_ path: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var types: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            types.append(type)
            if type == "IDAT" { break }
            offset += 12 + length
        }
        return types
    }

    /// `profile` with its header's PCS illuminant set to D65, which libpng refuses.
    static func withD65Illuminant(_ profile: ColorProfile) -> [UInt8] {
        var bytes = profile.bytes
        let d65: [UInt32] = [0x0000_F352, 0x0001_0000, 0x0001_16C9]   // 0.9505, 1, 1.0890 as s15Fixed16
        for (index, value) in d65.enumerated() {
            for byte in 0..<4 { bytes[68 + index * 4 + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(byte))) }
        }
        return bytes
    }

    /// The smallest profile lcms2 opens: a header naming `space` ("CMYK", "GRAY") and no tags.
    static func headerOnlyProfile(_ space: String) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 132)
        bytes[3] = 132
        bytes[8] = 2; bytes[9] = 0x10
        func put(_ text: String, at offset: Int) { for (index, byte) in text.utf8.enumerated() { bytes[offset + index] = byte } }
        put("prtr", at: 12)
        put(space.padding(toLength: 4, withPad: " ", startingAt: 0), at: 16)
        put("Lab ", at: 20)
        put("acsp", at: 36)
        let d50: [UInt32] = [0x0000_F6D6, 0x0001_0000, 0x0000_D32D]
        for (index, value) in d50.enumerated() {
            for byte in 0..<4 { bytes[68 + index * 4 + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(byte))) }
        }
        return bytes
    }

    @Test func anSRGBProfileIsWrittenAsTheSRGBChunk() throws {
        let folder = TemporaryFolder()
        let photo = try Self.photo(with: Self.sRGB.bytes, in: folder)
        let (code, runner) = CommandRunner.run("convert", photo, folder.file("kept.png"), "--keep-profile")
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stderr.isEmpty)
        let chunks = try Self.chunkTypes(folder.file("kept.png"))
        #expect(chunks.contains("sRGB"))
        #expect(!chunks.contains("iCCP"))
        // The pixels are the photo's, unconverted.
        let kept = try ImageDecoder.decode(contentsOf: folder.file("kept.png"))
        let source = try ImageDecoder.decode(contentsOf: photo)
        #expect(kept.info.colorSpace == .sRGB)
        #expect(PixelMatch.maxDifference(kept.image, source.image) == 0)
    }

    @Test func aProfileLibpngRefusesIsConvertedFromWithALine() throws {
        let folder = TemporaryFolder()
        let photo = try Self.photo(with: Self.withD65Illuminant(Self.displayP3), in: folder)
        let png = try #require(ImageEncoders.encoder(forOutputPath: "kept.png"))
        #expect(png.refusal(of: ColorProfile(Self.withD65Illuminant(Self.displayP3)), for: .rgb8)
            == "libpng: PCS illuminant is not D50")
        let (code, runner) = CommandRunner.run("convert", photo, folder.file("kept.png"), "--keep-profile")
        #expect(code == .success, "\(runner.stderr)")
        let lines = runner.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(runner.stderr.contains("photo.jpg: warning: PNG cannot embed its ICC profile \"Display P3 (test)\" "
                                       + "(libpng: PCS illuminant is not D50): converted to sRGB"), "\(runner.stderr)")
        let chunks = try Self.chunkTypes(folder.file("kept.png"))
        #expect(!chunks.contains("iCCP"))
        // The same pixels as a plain conversion to sRGB, which is not the photo's own.
        let (plainCode, _) = CommandRunner.run("convert", photo, folder.file("plain.png"))
        #expect(plainCode == .success)
        let kept = try ImageDecoder.decode(contentsOf: folder.file("kept.png")).image
        let plain = try ImageDecoder.decode(contentsOf: folder.file("plain.png")).image
        let source = try ImageDecoder.decode(contentsOf: photo).image
        #expect(PixelMatch.maxDifference(kept, plain) == 0)
        #expect(PixelMatch.maxDifference(kept, source) > 10)
    }

    @Test(arguments: ["CMYK", "GRAY"])
    func aProfileForOtherPixelsIsLeftOutWithALine(space: String) throws {
        let folder = TemporaryFolder()
        let photo = try Self.photo(with: Self.headerOnlyProfile(space), in: folder)
        for output in ["kept.png", "kept.jpg"] {
            let (code, runner) = CommandRunner.run("convert", photo, folder.file(output), "--keep-profile")
            #expect(code == .success, "\(runner.stderr)")
            let expected = space == "CMYK" ? "is for CMYK pixels, not RGB" : "is for gray pixels, not RGB"
            #expect(runner.stderr.contains("photo.jpg: warning: its ICC profile \(expected): written as sRGB, without it"),
                    "\(runner.stderr)")
            let kept = try ImageDecoder.decode(contentsOf: folder.file(output))
            #expect(kept.info.colorSpace == .sRGB, "\(output) says \(kept.info.colorSpace)")
            if output.hasSuffix(".png") {
                #expect(!(try Self.chunkTypes(folder.file(output))).contains("iCCP"))
                let source = try ImageDecoder.decode(contentsOf: photo).image
                #expect(PixelMatch.maxDifference(kept.image, source) == 0)
            }
        }
    }

    @Test func aProfileLibpngTakesIsEmbedded() throws {
        let folder = TemporaryFolder()
        let photo = try Self.photo(with: Self.displayP3.bytes, in: folder)
        let (code, runner) = CommandRunner.run("convert", photo, folder.file("kept.png"), "--keep-profile")
        #expect(code == .success)
        #expect(runner.stderr.isEmpty, "\(runner.stderr)")
        #expect(try Self.chunkTypes(folder.file("kept.png")).contains("iCCP"))
        #expect(try ImageDecoder.readInfo(contentsOf: folder.file("kept.png")).colorSpace == .icc(Self.displayP3))
    }

    @Test func theSRGBTestTellsSRGBFromOtherSpaces() {
        #expect(Self.sRGB.isSRGB)
        #expect(!Self.displayP3.isSRGB)
        #expect(!ColorProfile(Self.headerOnlyProfile("CMYK")).isSRGB)
        #expect(Self.sRGB.renderingIntent == 0)
    }
}
