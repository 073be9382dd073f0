import Imaging
import Testing
import TestSupport

/// Every command takes phone photos: HEIC, AVIF and WebP are made into
/// thumbnails, GIFs and conversions, and wide-gamut colours come out sRGB.
@Suite struct PhoneFormatCommandTests {
    static let displayP3 = try! ColorProfile(primaries: .displayP3, transfer: .sRGB, description: "Display P3 (test)")

    /// A 64x48 JPEG of one Display P3 colour, with the profile embedded.
    static func p3JPEG(_ color: [UInt8] = [200, 120, 80]) throws -> [UInt8] {
        let pixels = (0..<(64 * 48)).flatMap { _ in color }
        return try ImageEncoder.encode(Image(width: 64, height: 48, format: .rgb8, pixels: pixels),
                                       as: .jpeg(JPEGEncodingOptions(quality: 100, chromaSubsampling: .none,
                                                                     iccProfile: displayP3.bytes)))
    }

    @Test func thumbnailsOfAPhoneFolderAreMadeUpright() throws {
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("thumbs", Fixtures.path("phone"), "--out", out.path, "--size", "32",
                                               "--no-cache", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        // quadrants.heic, .avif and .webp share a stem: each keeps its extension in the name.
        #expect(out.names().count == 12)
        #expect(out.names().filter { $0.hasPrefix("quadrants_") } == ["quadrants_avif_32.jpg", "quadrants_heic_32.jpg",
                                                                       "quadrants_webp_32.jpg"])
        // irot turns the 64x48 picture upright once: a 24x32 thumbnail with blue top-left.
        let turned = try ImageDecoder.decode(contentsOf: out.file("irot-exif6_32.jpg"))
        #expect(turned.image.size == PixelSize(width: 24, height: 32))
        #expect(PixelMatch.near(turned.image.pixel(x: 4, y: 4), [0, 0, 255], tolerance: 40))
        let webp = try ImageDecoder.decode(contentsOf: out.file("quadrants_webp_32.jpg"))
        #expect(webp.image.size == PixelSize(width: 32, height: 24))
    }

    @Test func anAnimatedWebPGivesTheGIFItsFrames() throws {
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("gif", Fixtures.path("phone/animated.webp"), "-o", out.file("a.gif"))
        #expect(code == .success, "\(runner.stderr)")
        let gif = try ImageDecoder.decode(contentsOf: out.file("a.gif"), options: DecodeOptions(frames: .all))
        #expect(gif.frames.map(\.delayCentiseconds) == [10, 20, 30])
        #expect(PixelMatch.near(gif.frames[1].image.pixel(x: 5, y: 5), [0, 255, 0, 255], tolerance: 8))
    }

    @Test func thumbnailsOfADisplayP3JPEGAreConvertedToSRGB() throws {
        let folder = TemporaryFolder(), out = TemporaryFolder()
        let jpeg = try Self.p3JPEG()
        try folder.write(jpeg, as: "p3.jpg")
        let (code, _) = CommandRunner.run("thumbs", folder.path, "--out", out.path, "--size", "32", "--no-cache", "--quiet")
        #expect(code == .success)
        let thumbnail = try ImageDecoder.decode(contentsOf: out.file("p3_32.jpg"))
        let converted = try ImageDecoder.decode(jpeg).image.convertedToSRGB().pixel(x: 8, y: 8)
        // The P3 colour (200, 120, 80) is about (213, 115, 70) in sRGB.
        #expect(PixelMatch.near(converted, [213, 115, 70], tolerance: 4), "\(converted)")
        #expect(PixelMatch.near(thumbnail.image.pixel(x: 8, y: 8), converted, tolerance: 4))
        #expect(thumbnail.info.colorSpace == .sRGB)
    }

    @Test func infoReportsTheColourSpace() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.p3JPEG(), as: "p3.jpg")
        let (_, runner) = CommandRunner.run("info", "--json", folder.file("p3.jpg"))
        #expect(runner.stdout.contains(#""colorSpace":"Display P3 (test)","colorSource":"icc""#), "\(runner.stdout)")
        let (_, heif) = CommandRunner.run("info", "--json", Fixtures.path("phone/irot-exif6.heic"))
        #expect(heif.stdout.contains(#""width":48,"height":64"#))
        // irot's turn, already applied to the pixels, as exiftool's Rotation reports it.
        #expect(heif.stdout.contains(#""storedWidth":64,"storedHeight":48,"orientation":6"#), "\(heif.stdout)")
        #expect(heif.stdout.contains(#""exifOrientationIgnored":6"#))
    }

    @Test func convertKeepsTheProfileOnlyWhenAsked() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.p3JPEG(), as: "p3.jpg")
        #expect(CommandRunner.run("convert", folder.file("p3.jpg"), folder.file("srgb.png")).0 == .success)
        #expect(CommandRunner.run("convert", folder.file("p3.jpg"), folder.file("kept.png"), "--keep-profile").0 == .success)
        let srgb = try ImageDecoder.decode(contentsOf: folder.file("srgb.png"))
        #expect(srgb.info.colorSpace == .sRGB)
        #expect(PixelMatch.near(Array(srgb.image.pixel(x: 8, y: 8).prefix(3)), [213, 115, 70], tolerance: 4))
        let kept = try ImageDecoder.decode(contentsOf: folder.file("kept.png"))
        #expect(kept.info.colorSpace == .icc(Self.displayP3))
        #expect(PixelMatch.near(Array(kept.image.pixel(x: 8, y: 8).prefix(3)), [200, 120, 80], tolerance: 3))
    }

    @Test func aTruncatedHEICFailsByNameAndTheBatchGoesOn() throws {
        let folder = TemporaryFolder(), out = TemporaryFolder()
        let heic = try Fixtures.bytes("phone/quadrants.heic")
        try folder.write(Array(heic.prefix(heic.count / 2)), as: "cut.heic")
        try folder.write(heic, as: "whole.heic")
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--out", out.path, "--size", "32", "--no-cache", "--quiet")
        #expect(code == .failure)
        let lines = runner.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("filmroll: \(folder.file("cut.heic")): truncated HEIF: ") == true, "\(runner.stderr)")
        #expect(out.names() == ["whole_32.jpg"])
    }

    @Test func aPhoneFolderIsIndexedAndListed() throws {
        let folder = TemporaryFolder()
        for name in Folders.names(in: Fixtures.path("phone")) {
            try folder.write(try Fixtures.bytes("phone/" + name), as: name)
        }
        let (code, runner) = CommandRunner.run("index", folder.path)
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.hasPrefix("\(folder.path): 12 added, 0 changed, 0 moved, 0 missing, 0 failed"), "\(runner.stdout)")
        let (_, day) = CommandRunner.run("ls", folder.path, "--day", "2024-05-03")
        #expect(day.stdout == "2024-05-03 14:22:10      exif.webp  64×48  Filmroll Phone\n")
    }

    @Test func aFourCutOfHEICAndWebP() throws {
        let out = TemporaryFolder()
        let photos = ["phone/quadrants.heic", "phone/irot-exif6.heic", "phone/quadrants.avif", "phone/quadrants.webp"]
        let (code, runner) = CommandRunner.run(["fourcut"] + photos.map(Fixtures.path)
                                                   + ["-o", out.file("sheet.jpg"), "--dpi", "100", "--caption", "none"])
        #expect(code == .success, "\(runner.stderr)")
        #expect(try ImageDecoder.readInfo(contentsOf: out.file("sheet.jpg")).storedSize == PixelSize(width: 200, height: 600))
    }
}
