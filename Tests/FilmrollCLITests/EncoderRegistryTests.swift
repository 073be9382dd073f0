import Imaging
import Testing
import TestSupport

/// The options of `PPMEncoder`: only Filmroll's mark.
private struct PPMOptions: Sendable, Hashable, CacheIdentifiable {
    var comment: String?
    var cacheIdentifier: String { "ppm(comment:\(comment ?? ""))" }
}

/// A format the core has never been told it writes, registered by this
/// test alone: a binary PPM (Netpbm P6) with Filmroll's mark as a header
/// comment. `filmroll convert` must write it, and the output guard read its
/// mark back, with no change to Filmroll's code.
private struct PPMEncoder: ImageEncoding {
    var format: ImageFormat { ImageFormat(rawValue: "ppm-test", displayName: "PPM for a test") }
    var fileExtensions: [String] { ["ppm"] }
    var keepsAlpha: Bool { false }

    func options(for settings: EncodingSettings) -> PPMOptions { PPMOptions(comment: settings.mark?.text) }

    func marking(_ options: PPMOptions, with mark: OutputMark) -> PPMOptions { PPMOptions(comment: mark.text) }

    /// "P6", the mark as a comment line, "W H 255", then RGB pixels.
    func encode(_ image: Image, options: PPMOptions) throws(ImagingError) -> [UInt8] {
        guard image.format != .rgba8 else { throw .encodingFailed(format, "RGBA given") }
        var bytes = Array("P6\n".utf8)
        if let comment = options.comment { bytes += Array("# \(comment)\n".utf8) }
        bytes += Array("\(image.width) \(image.height)\n255\n".utf8)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                bytes += pixel.count == 1 ? [pixel[0], pixel[0], pixel[0]] : pixel
            }
        }
        return bytes
    }

    /// The comment lines of the header.
    func markTexts(in file: SearchedFile) -> [String] {
        Self.header(file.head)?.comments ?? []
    }

    /// The size and comments of a P6 header, and where its pixels start.
    static func header(_ bytes: [UInt8]) -> (width: Int, height: Int, comments: [String], offset: Int)? {
        guard bytes.starts(with: Array("P6".utf8)) else { return nil }
        var fields: [Int] = [], comments: [String] = [], index = 2
        while fields.count < 3 {
            while index < bytes.count, bytes[index] <= 0x20 { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "#") {
                let end = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
                comments.append(String(String(decoding: bytes[(index + 1)..<end], as: UTF8.self).trimmingPrefix(" ")))
                index = end
                continue
            }
            var value = 0, digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits < 6 {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0 else { return nil }
            fields.append(value)
        }
        return (fields[0], fields[1], comments, index + 1)
    }
}

@Suite struct EncoderRegistryTests {
    /// A JPEG of 40×20: the left half red, the right half blue.
    static func halves() throws -> [UInt8] {
        var pixels: [UInt8] = []
        for _ in 0..<20 { for x in 0..<40 { pixels += x < 20 ? [255, 0, 0] : [0, 0, 255] } }
        let image = Image(width: 40, height: 20, format: .rgb8, pixels: pixels)
        return try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(quality: 95, chromaSubsampling: .none)))
    }

    @Test func anEncoderRegisteredOutsideTheCoreWritesConvertsOutputs() throws {
        ImageEncoders.register(PPMEncoder())
        let folder = TemporaryFolder()
        try folder.write(try Self.halves(), as: "in.jpg")

        // Given the encoder, convert writes a .ppm the way it writes a .jpg.
        let (code, runner) = CommandRunner.run("convert", folder.file("in.jpg"), folder.file("out.ppm"))
        #expect(code == .success, "\(runner.stderr)")
        let bytes = try FileBytes.read(folder.file("out.ppm"))
        let header = try #require(PPMEncoder.header(bytes))
        #expect(header.width == 40 && header.height == 20)
        #expect(header.comments == ["Filmroll convert"])
        #expect(bytes.count == header.offset + 40 * 20 * 3)
        let pixel = { (x: Int, y: Int) in Array(bytes[(header.offset + (y * 40 + x) * 3)...].prefix(3)) }
        #expect(PixelMatch.near(pixel(5, 10), [255, 0, 0], tolerance: 12))
        #expect(PixelMatch.near(pixel(35, 10), [0, 0, 255], tolerance: 12))

        // Its mark is read back through the registry: a second run replaces
        // Filmroll's own file without --force.
        #expect(OutputMark.read(contentsOf: folder.file("out.ppm")) == .convert)
        #expect(OutputMark.read(bytes) == .convert)
        let (again, rerun) = CommandRunner.run("convert", folder.file("in.jpg"), folder.file("out.ppm"), "--max-size", "10")
        #expect(again == .success, "\(rerun.stderr)")
        #expect(try PPMEncoder.header(FileBytes.read(folder.file("out.ppm")))?.width == 10)

        // A PPM Filmroll did not make is somebody's: kept.
        let theirs = Array("P6\n# scanner\n1 1\n255\n".utf8) + [1, 2, 3]
        try folder.write(theirs, as: "theirs.ppm")
        let (refused, refusal) = CommandRunner.run("convert", folder.file("in.jpg"), folder.file("theirs.ppm"))
        #expect(refused == .failure)
        #expect(refusal.stderr.contains("was not made by Filmroll"), "\(refusal.stderr)")
        #expect(try FileBytes.read(folder.file("theirs.ppm")) == theirs)

        // The registry's list of extensions, in help and errors, has it too.
        let (unknown, usage) = CommandRunner.run("convert", folder.file("in.jpg"), folder.file("out.tga"))
        #expect(unknown == .usage)
        #expect(usage.stderr.contains("use .jpg, .jpeg, .png"), "\(usage.stderr)")
        #expect(usage.stderr.contains(".ppm (a photo)"), "\(usage.stderr)")
    }
}
