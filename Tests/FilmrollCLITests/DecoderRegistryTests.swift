import Imaging
import Testing
import TestSupport

/// A format the core has never heard of, registered by this test alone: a
/// binary PPM (Netpbm P6). It must be sniffed, listed, walked, decoded
/// upright and thumbnailed with no change to Filmroll's code.
private struct PPMDecoder: ImageDecoding {
    var format: ImageFormat { ImageFormat(rawValue: "ppm-test", displayName: "PPM for a test") }
    var fileExtensions: [String] { ["ppm"] }

    func sniff(_ head: [UInt8]) -> Bool { head.count >= 3 && head[0] == 0x50 && head[1] == 0x36 && head[2] <= 0x20 }

    /// "P6 W H 255\n" then the pixels.
    private func header(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> (size: PixelSize, offset: Int) {
        var fields: [Int] = [], index = 2
        while fields.count < 3 {
            while index < bytes.count, bytes[index] <= 0x20 { index += 1 }
            var value = 0, digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits < 6 {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0 else { throw .corrupt(format, "bad header") }
            fields.append(value)
        }
        guard fields[0] > 0, fields[1] > 0, fields[2] == 255 else { throw .corrupt(format, "bad header") }
        return (PixelSize(width: fields[0], height: fields[1]), index + 1)
    }

    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let size = try header(bytes).size
        try limits.check(frameSize: size)
        return ImageInfo(format: format, storedSize: size, colorModel: ColorModel(.rgb))
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        let (size, offset) = try header(bytes)
        let count = size.pixelCount * 3
        guard bytes.count - offset >= count else { throw .truncated(format, "pixels missing") }
        let image = Image(width: size.width, height: size.height, format: .rgb8,
                          pixels: Array(bytes[offset..<offset + count]))
        return ([ImageFrame(image: image)], 8)
    }
}

@Suite struct DecoderRegistryTests {
    /// 40×20: the left half red, the right half blue.
    static func ppm() -> [UInt8] {
        var bytes = Array("P6\n40 20\n255\n".utf8)
        for _ in 0..<20 { for x in 0..<40 { bytes += x < 20 ? [255, 0, 0] : [0, 0, 255] } }
        return bytes
    }

    @Test func aDecoderRegisteredOutsideTheCoreReadsItsFiles() throws {
        ImageDecoders.register(PPMDecoder())
        let folder = TemporaryFolder()
        try folder.write(Self.ppm(), as: "scan one.ppm")
        try folder.write(Self.ppm(), as: "no-extension")

        // Sniffed by content, whatever the name.
        #expect(ImageFormat.sniff(Self.ppm())?.rawValue == "ppm-test")
        #expect(PhotoFolder.walk(folder.path).entries.map(\.relativePath) == ["no-extension", "scan one.ppm"])
        #expect(ImageDecoders.formatList.hasSuffix(", PPM for a test"))

        let decoded = try ImageDecoder.decode(contentsOf: folder.file("scan one.ppm"))
        #expect(decoded.image.size == PixelSize(width: 40, height: 20))
        #expect(decoded.image.pixel(x: 5, y: 5) == [255, 0, 0])
        #expect(decoded.image.pixel(x: 35, y: 5) == [0, 0, 255])

        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--out", out.path, "--no-cache", "--size", "20")
        #expect(code == .success, "\(runner.stderr)")
        let thumbnail = try ImageDecoder.decode(contentsOf: out.file("scan one_20.jpg")).image
        #expect(thumbnail.size == PixelSize(width: 20, height: 10))
        #expect(PixelMatch.near(thumbnail.pixel(x: 2, y: 5), [255, 0, 0], tolerance: 12))
        #expect(PixelMatch.near(thumbnail.pixel(x: 17, y: 5), [0, 0, 255], tolerance: 12))

        let (infoCode, info) = CommandRunner.run("info", "--json", folder.file("no-extension"))
        #expect(infoCode == .success)
        #expect(info.stdout.contains("\"format\":\"ppm-test\""), "\(info.stdout)")
    }
}
