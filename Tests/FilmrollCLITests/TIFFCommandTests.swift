import Foundation
import FilmrollCLI
import Imaging
import Testing
import TestSupport

/// `filmroll info` and `filmroll thumbs` on TIFF files, as on any photo.
@Suite struct TIFFCommandTests {
    @Test func infoTellsSizeOrientationAndEXIF() {
        let scan = Fixtures.path("tiff/exif-at-end.tif"), pages = Fixtures.path("tiff/pages.tif")
        let (code, runner) = CommandRunner.run("info", scan, pages)
        #expect(code == .success)
        #expect(runner.stdout == """
            \(scan): TIFF 150×180, orientation 8, stored 180×150, taken 2024-05-06T07:08:09+02:00, \
            Filmroll Fixture Scanner, GPS -33.85990, 151.21440, 81.4 KB
            \(pages): TIFF 70×45, 13.6 KB

            """)
        let (_, json) = CommandRunner.run("info", "--json", pages, Fixtures.path("tiff/p3.tif"))
        let lines = json.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""format":"tiff","width":70,"height":45"#))
        #expect(lines[0].contains(#""frames":1,"loopCount":null,"colorModel":"RGB 8-bit, 3 pages""#))
        #expect(lines[1].contains(#""colorSpace":"Display P3 (Filmroll test)","colorSource":"icc""#))
    }

    @Test func thumbsOfAFolderOfTIFFs() throws {
        let folder = TemporaryFolder(), out = TemporaryFolder()
        for name in ["orientation6.tif", "rgb8-lzw.tif", "cmyk.tif", "bilevel-white.tif"] {
            try folder.write(try Fixtures.bytes("tiff/" + name), as: name)
        }
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--size", "32", "--out", out.path, "--no-cache",
                                               "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        #expect(out.names() == ["bilevel-white_32.jpg", "cmyk_32.jpg", "orientation6_32.jpg", "rgb8-lzw_32.jpg"])
        // Upright, longest edge 32.
        let turned = try ImageDecoder.decode(contentsOf: out.file("orientation6_32.jpg")).image
        #expect(turned.size == PixelSize(width: 32, height: 24))
        #expect(PixelMatch.near(turned.pixel(x: 3, y: 3), [255, 0, 0], tolerance: 24))
        #expect(PixelMatch.near(turned.pixel(x: 28, y: 20), [255, 255, 0], tolerance: 24))
        // The CMYK page through its profile: cyan ink shows blue.
        let cmyk = try ImageDecoder.decode(contentsOf: out.file("cmyk_32.jpg")).image
        #expect(cmyk.size == PixelSize(width: 32, height: 6))
        #expect(PixelMatch.near(cmyk.pixel(x: 3, y: 3), [0, 0, 255], tolerance: 24))
        #expect(try ImageDecoder.readInfo(contentsOf: out.file("bilevel-white_32.jpg")).storedSize
                == PixelSize(width: 32, height: 19))
    }

    @Test func aDamagedTIFFAmongPhotosIsOneLine() throws {
        let out = TemporaryFolder()
        let truncated = Fixtures.path("tiff/truncated.tif"), huge = Fixtures.path("tiff/huge.tif")
        let (code, runner) = CommandRunner.run("thumbs", truncated, huge, Fixtures.path("tiff/rgb8.tif"), "--size", "32",
                                               "--out", out.path, "--no-cache", "--quiet")
        #expect(code == .failure)
        #expect(runner.stderr.split(separator: "\n").sorted() == [
            "filmroll: \(huge): image too large (100000×100000)",
            "filmroll: \(truncated): truncated TIFF: file ends inside the image data (strip 0)",
        ])
        #expect(out.names() == ["rgb8_32.jpg"])
    }

    /// libtiff prints its errors and warnings unless told not to: the real
    /// binary, on a page with a tag libtiff does not know (a warning) and a
    /// truncated one (an error), prints Filmroll's one line and nothing else.
    @Test func libtiffPrintsNothingOfItsOwn() throws {
        var bytes = try Fixtures.bytes("tiff/rgb8.tif")
        // The last entry of directory 0 (at 8), PlanarConfiguration, becomes private tag 65000.
        let count = Int(bytes[8]) | Int(bytes[9]) << 8
        let last = 8 + 2 + 12 * (count - 1)
        #expect(bytes[last] == 0x1C && bytes[last + 1] == 0x01)   // 284
        bytes[last] = 0xE8
        bytes[last + 1] = 0xFD
        let folder = TemporaryFolder()
        try folder.write(bytes, as: "private-tag.tif")
        try folder.write(try Fixtures.bytes("tiff/truncated.tif"), as: "truncated.tif")
        let run = try BinaryRun.run(["thumbs", folder.file("private-tag.tif"), folder.file("truncated.tif"),
                                     "--size", "16", "--out", folder.file("out"), "--no-cache", "--quiet"])
        #expect(run.status == 1)
        #expect(run.errorLines == [
            "filmroll: \(folder.file("truncated.tif")): truncated TIFF: file ends inside the image data (strip 0)",
        ])
        #expect(FileManager.default.fileExists(atPath: folder.file("out/private-tag_16.jpg")))
    }
}
