#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Testing
import TestSupport

/// The real binary on inputs built to cost memory: a PNG whose text chunk
/// declares 2 GB, two large RGBA PNGs, a HEIF declaring 60000×60000. Each
/// fails fast with one line naming the file, or stays within `--memory`.
@Suite(.serialized) struct MemoryBudgetTests {
    /// A 1×1 PNG of 113 bytes whose tEXt chunk declares 2 GB (2^31 − 1 bytes).
    static func textBomb() -> [UInt8] {
        let header: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]       // 1×1 RGB 8-bit
        let text = Array("Comment\0hello, this is a bomb!!!".utf8)
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + pngChunk("IHDR", header)
        var chunk = pngChunk("tEXt", text)
        chunk.replaceSubrange(0..<4, with: [0x7F, 0xFF, 0xFF, 0xFF])
        bytes += chunk
        bytes += pngChunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x60, 0x60, 0x00, 0x00, 0x00, 0x04, 0x00, 0x01])
        return bytes + pngChunk("IEND", [])
    }

    /// An RGBA PNG of `side`² with changing alpha (so a resize premultiplies),
    /// written fast: every row the same, zlib level 1.
    static func largePNG(side: Int, shade: UInt8) throws -> [UInt8] {
        var row = [UInt8](repeating: 0, count: side * 4)
        for x in 0..<side {
            row[x * 4] = UInt8(truncatingIfNeeded: x &+ Int(shade)); row[x * 4 + 1] = shade
            row[x * 4 + 2] = UInt8(truncatingIfNeeded: x / 16); row[x * 4 + 3] = UInt8(truncatingIfNeeded: 128 + x % 128)
        }
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        pixels.withUnsafeMutableBytes { target in
            row.withUnsafeBytes { source in
                for y in 0..<side { (target.baseAddress! + y * side * 4).copyMemory(from: source.baseAddress!, byteCount: side * 4) }
            }
        }
        let image = Image(width: side, height: side, format: .rgba8, pixels: pixels)
        return try ImageEncoder.encode(image, as: .png(PNGEncodingOptions(compressionLevel: 1)))
    }

    /// quadrants.heic with every ispe box saying 60000×60000.
    static func hugeHEIF() throws -> [UInt8] {
        var bytes = try Fixtures.bytes("phone/quadrants.heic")
        let ispe = Array("ispe".utf8)
        var at = 0
        while at + 16 <= bytes.count {
            if Array(bytes[at..<at + 4]) == ispe {
                for offset in [at + 8, at + 12] { bytes.replaceSubrange(offset..<offset + 4, with: [0, 0, 0xEA, 0x60]) }
            }
            at += 1
        }
        return bytes
    }

    @Test func textChunkDeclaring2GBFailsFastNamingTheFile() throws {
        let folder = TemporaryFolder()
        let bomb = Self.textBomb()
        #expect(bomb.count == 113)
        try folder.write(bomb, as: "bomb.png")
        let path = folder.file("bomb.png")
        let runs: [[String]] = [["info", path], ["convert", path, folder.file("out.jpg")],
                                ["gif", path, path, "-o", folder.file("out.gif"), "--no-catalog"],
                                ["convert", path, folder.file("out2.jpg"), "--max-chunk-bytes", "1M"]]
        for arguments in runs {
            let run = try PeakMemoryRun.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errorLines == ["filmroll: \(path): truncated PNG: chunk tEXt declares 2147483647 bytes, more than the 68 left in the file"],
                    "\(arguments): \(run.stderr)")
            // It was 2.1 GB: libpng allocated what the chunk declared.
            #expect(run.peakIsBelow(200_000_000), "\(arguments): \(run.peakBytes ?? 0) bytes")
        }
        #expect(!folder.names().contains { $0.hasPrefix("out") })
    }

    @Test func twoLargePNGsStayWithinTheMemoryBudget() throws {
        let folder = TemporaryFolder()
        #expect(mkdir(folder.file("photos"), 0o755) == 0)
        try folder.write(try Self.largePNG(side: 2000, shade: 10), as: "photos/a.png")
        try folder.write(try Self.largePNG(side: 2000, shade: 200), as: "photos/b.png")
        let a = folder.file("photos/a.png"), b = folder.file("photos/b.png")
        let budget = 200_000_000
        let runs: [[String]] = [
            ["video", a, b, "-o", folder.file("v.mp4"), "--canvas", "640x360", "--seconds", "1", "--preset", "ultrafast", "--no-catalog", "-q"],
            ["fourcut", a, b, a, b, "-o", folder.file("f.jpg"), "--dpi", "300", "--no-catalog", "-q"],
            ["gif", a, b, "-o", folder.file("g.gif"), "--no-catalog", "-q"],
            ["thumbs", a, b, "--out", folder.file("thumbs"), "--no-cache", "-q"],
            ["process", folder.file("photos"), "-q"],
        ]
        for arguments in runs {
            let run = try PeakMemoryRun.run(arguments + ["--memory", "200M"])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.peakIsBelow(budget), "\(arguments[0]): peak \(run.peakBytes ?? 0) bytes, budget \(budget)")
        }
    }

    @Test func aJPEGTooLargeForOptimisedTablesIsWrittenWithTheStandardOnes() throws {
        // libjpeg holds every coefficient to optimise its Huffman tables: when that alone would not
        // fit, convert writes the JPEG with the standard tables (a larger file) instead of refusing.
        let folder = TemporaryFolder()
        try folder.write(try Self.largePNG(side: 2000, shade: 10), as: "a.png")
        let roomy = try BinaryRun.run(["convert", folder.file("a.png"), folder.file("roomy.jpg")])
        let tight = try BinaryRun.run(["convert", folder.file("a.png"), folder.file("tight.jpg"), "--memory", "80M"])
        let tooTight = try BinaryRun.run(["convert", folder.file("a.png"), folder.file("none.jpg"), "--memory", "50M"])
        #expect(roomy.status == 0 && tight.status == 0, "\(roomy.stderr) \(tight.stderr)")
        let optimised = try FileBytes.read(folder.file("roomy.jpg")), standard = try FileBytes.read(folder.file("tight.jpg"))
        #expect(standard.count > optimised.count)
        let decoded = try ImageDecoder.decode(standard, options: DecodeOptions())
        #expect(decoded.image.size == PixelSize(width: 2000, height: 2000))
        #expect(tooTight.status == 1 && tooTight.stderr.contains("limit exceeded: decoding 2000×2000 needs"), "\(tooTight.stderr)")
        #expect(!FileBytes.exists(folder.file("none.jpg")))
    }

    @Test func aPhotoThatCannotFitIsOneClearLine() throws {
        let folder = TemporaryFolder()
        #expect(mkdir(folder.file("photos"), 0o755) == 0)
        try folder.write(try Self.largePNG(side: 2000, shade: 10), as: "photos/a.png")
        try folder.write(try Self.largePNG(side: 2000, shade: 200), as: "photos/b.png")
        let a = folder.file("photos/a.png"), b = folder.file("photos/b.png")
        let refusal = "limit exceeded: decoding 2000×2000 needs"
        let runs: [([String], String)] = [
            (["video", a, b, "-o", folder.file("v.mp4"), "--canvas", "640x360", "--no-catalog", "--memory", "40M"], "limit exceeded: "),
            (["video", a, b, "-o", folder.file("v.mp4"), "--canvas", "640x360", "--no-catalog", "--max-pixels", "3M"],
             "image too large (2000×2000)"),
            (["fourcut", a, b, a, b, "-o", folder.file("f.jpg"), "--no-catalog", "--memory", "40M"], refusal),
            (["fourcut", a, b, a, b, "-o", folder.file("f.jpg"), "--no-catalog", "--max-pixels", "3M"], "image too large (2000×2000)"),
            (["gif", a, b, "-o", folder.file("g.gif"), "--no-catalog", "--memory", "40M"], refusal),
            (["gif", a, b, "-o", folder.file("g.gif"), "--no-catalog", "--max-pixels", "3M"], "image too large (2000×2000)"),
            (["thumbs", a, b, "--out", folder.file("thumbs"), "--no-cache", "--memory", "40M"], refusal),
            // process keeps no cache (one decode per photo by construction), so 40M is room enough.
            (["process", folder.file("photos"), "--memory", "20M"], refusal),
            (["convert", a, folder.file("c.jpg"), "--memory", "40M"], refusal),
        ]
        for (arguments, message) in runs {
            let run = try PeakMemoryRun.run(arguments)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            let line = run.errorLines.first { $0.contains(message) }
            #expect(line != nil, "\(arguments): \(run.stderr)")
            // Named: the photo, or the video whose encoder cannot fit.
            #expect(line.map { $0.hasPrefix("filmroll: ") && ($0.contains("a.png") || $0.contains("b.png") || $0.contains("v.mp4")) } ?? false,
                    "\(arguments): \(run.stderr)")
            #expect(run.peakIsBelow(200_000_000), "\(arguments[0]): \(run.peakBytes ?? 0) bytes")
        }
        #expect(!folder.names().contains { $0.hasSuffix(".mp4") || $0.hasSuffix(".jpg") || $0.hasSuffix(".gif") })
    }

    @Test func heifDeclaring60000SquaredIsTooLargeNotOutOfMemory() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.hugeHEIF(), as: "huge.heic")
        let path = folder.file("huge.heic")
        for arguments in [["info", path], ["convert", path, folder.file("out.jpg")],
                          ["thumbs", path, "--out", folder.file("thumbs"), "--no-cache", "-q"]] {
            let run = try PeakMemoryRun.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errorLines.contains("filmroll: \(path): image too large (60000×60000)"), "\(arguments): \(run.stderr)")
            #expect(run.peakIsBelow(200_000_000), "\(arguments): \(run.peakBytes ?? 0) bytes")
        }
    }

    /// gif/animated.gif on a 2000×2000 logical screen: each composited
    /// frame is 16 MB, three of them more than --memory 40M leaves.
    @Test func anAnimationWhoseFramesCannotFitIsOneClearLine() throws {
        let folder = TemporaryFolder()
        var bytes = try Fixtures.bytes("gif/animated.gif")
        bytes.replaceSubrange(6..<10, with: [0xD0, 0x07, 0xD0, 0x07])     // 2000 × 2000, little-endian
        try folder.write(bytes, as: "wide.gif")
        let path = folder.file("wide.gif")
        for arguments in [["gif", path, "-o", folder.file("out.gif")], ["video", path, "-o", folder.file("out.mp4"), "--size", "64"]] {
            let run = try PeakMemoryRun.run(arguments + ["--no-catalog", "--memory", "40M"])
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            let refusal = "filmroll: \(path): limit exceeded: decoding 2000×2000 needs 48 MB, more than the memory budget leaves for it ("
            #expect(run.errorLines.contains { $0.hasPrefix(refusal) && $0.hasSuffix(" of --memory 40 MB)") }, "\(arguments): \(run.stderr)")
        }
        #expect(!folder.names().contains { $0.hasPrefix("out") })
    }

    @Test func memoryTakesASizeLikeTheOtherByteCounts() throws {
        let folder = TemporaryFolder()
        let run = try PeakMemoryRun.run(["convert", Fixtures.path("jpeg/photo.jpg"), folder.file("a.png"), "--memory", "lots"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("option '--memory' needs a size of at least 1M such as 500M or 2G, not 'lots'"))
        let fine = try PeakMemoryRun.run(["convert", Fixtures.path("jpeg/photo.jpg"), folder.file("b.png"), "--memory", "1.5GiB"])
        #expect(fine.status == 0, "\(fine.stderr)")
    }
}

/// One PNG chunk: length, type, data, CRC.
func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in body {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    crc ^= 0xFFFF_FFFF
    let length = UInt32(data.count)
    return [24, 16, 8, 0].map { UInt8((length >> $0) & 0xFF) } + body + [24, 16, 8, 0].map { UInt8((crc >> $0) & 0xFF) }
}
