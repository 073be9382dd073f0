import FilmrollCLI
import Imaging
import Testing
import TestSupport

/// `filmroll info` and `filmroll thumbs` on JPEG XL files.
@Suite struct JXLCommandTests {
    @Test func infoTellsSizeOrientationDateAndCamera() {
        let path = Fixtures.path("jxl/orientation6.jxl")
        let (code, runner) = CommandRunner.run("info", path)
        #expect(code == .success)
        #expect(runner.stdout == "\(path): JPEG XL 48×64, orientation 6, stored 64×48, taken 2024-05-03T14:22:10, Filmroll Phone, 969 B\n")

        let (jsonCode, json) = CommandRunner.run("info", "--json", Fixtures.path("jxl/p3.jxl"))
        #expect(jsonCode == .success)
        #expect(json.stdout.contains(#""format":"jxl","width":32,"height":8,"#))
        #expect(json.stdout.contains(#""colorModel":"RGB 8-bit, lossy","#))
        #expect(json.stdout.contains(#""colorSource":"icc","#))
    }

    @Test func thumbsAreUprightAndSized() throws {
        let out = TemporaryFolder()
        let inputs = ["jxl/photo.jxl", "jxl/orientation6.jxl", "jxl/lossless.jxl"].map(Fixtures.path)
        let (code, runner) = CommandRunner.run(["thumbs"] + inputs + ["--size", "16", "--out", out.path, "--no-cache", "--quiet"])
        #expect(code == .success, "\(runner.stderr)")
        #expect(try ImageDecoder.readInfo(contentsOf: out.file("photo_16.jpg")).storedSize == PixelSize(width: 16, height: 11))
        let turned = try ImageDecoder.decode(contentsOf: out.file("orientation6_16.jpg")).image
        #expect(turned.size == PixelSize(width: 12, height: 16))
        // Upright: blue top-left, red top-right.
        #expect(PixelMatch.near(Array(turned.pixel(x: 2, y: 2)), Quadrants.blue, tolerance: 60))
        #expect(PixelMatch.near(Array(turned.pixel(x: 9, y: 2)), Quadrants.red, tolerance: 60))
        #expect(try ImageDecoder.readInfo(contentsOf: out.file("lossless_16.jpg")).storedSize == PixelSize(width: 16, height: 12))
    }

    @Test func aTruncatedFileFailsByNameAndTheOthersAreMade() {
        let out = TemporaryFolder()
        let truncated = Fixtures.path("jxl/truncated.jxl")
        let (code, runner) = CommandRunner.run("thumbs", truncated, Fixtures.path("jxl/lossless.jxl"), "--size", "16",
                                               "--out", out.path, "--no-cache", "--quiet")
        #expect(code == .failure)
        #expect(runner.stderr.contains("\(truncated): truncated JPEG XL: "))
        #expect(out.names() == ["lossless_16.jpg"])
    }

    /// libjxl (as Debian builds it) prints a trace of every failure on the C
    /// library's stderr: the real binary must print Filmroll's one line only.
    @Test func aDamagedFilePrintsOneLineFromTheRealBinary() throws {
        let folder = TemporaryFolder()
        var bytes = try Fixtures.bytes("jxl/photo.jxl")
        for index in stride(from: bytes.count / 2, to: bytes.count, by: 13) { bytes[index] ^= 0x5A }
        try folder.write(bytes, as: "damaged.jxl")
        let run = try BinaryRun.run(["thumbs", folder.file("damaged.jxl"), "--size", "16", "--out", folder.file("out"),
                                     "--no-cache", "--no-catalog", "--quiet"])
        #expect(run.status != 0)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.errorLines.first?.contains("damaged.jxl: ") == true)
    }
}
