#if canImport(Glibc)
import Glibc
#endif
import Catalog
import FilmrollCLI
import Imaging
import Testing
import TestSupport

/// Folder walks count the files that are not photos, name the images
/// Filmroll cannot decode, and pass over hidden files and the sidecars
/// beside their photos (`IMG_0001.AAE`, `IMG_0001.XMP`) without a word.
@Suite struct SkippedFilesTests {
    /// The start of a QuickTime movie and nothing more: a video, and a broken one.
    static let movie: [UInt8] = [0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [0, 0, 0, 0, 0, 0, 0, 8] + Array("wide".utf8)
    /// An XMP sidecar, as editors write beside a photo.
    static let sidecar: [UInt8] = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
    /// A Photoshop header: recognised, not decoded.
    static let psd: [UInt8] = Array("8BPS".utf8) + [0, 1, 0, 0, 0, 0, 0, 0]

    /// A photo, two XMP sidecars, an edit sidecar, a note without extension, and hidden files.
    static func folder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("dated/IMG_0001.jpg"), as: "IMG_0001.jpg")
        try folder.write(sidecar, as: "IMG_0001.XMP")
        try folder.write(sidecar, as: "IMG_0002.xmp")
        try folder.write(Array("<?xml version=\"1.0\"?><plist/>".utf8), as: "IMG_0001.AAE")
        try folder.write(Array("to do\n".utf8), as: "NOTES")
        try folder.write(Array("Bud1".utf8), as: ".DS_Store")
        try folder.write(try Fixtures.bytes("dated/IMG_0001.jpg"), as: ".IMG_0009.jpg.filmroll-999999-1.tmp")
        return folder
    }

    /// IMG_0001.AAE and IMG_0001.XMP are IMG_0001.jpg's: not counted as files that are not photos.
    static let summaryLine = "filmroll: skipped 2 files that are not photos: 1 .xmp, 1 (no extension)\n"

    @Test func thumbsCountsWhatIsNotAPhoto() throws {
        let folder = try Self.folder()
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--out", out.path, "--no-cache", "--size", "32")
        #expect(code == .success)
        #expect(runner.stderr == Self.summaryLine)
        #expect(out.names() == ["IMG_0001_32.jpg"])
    }

    @Test func thumbsJSONListsEverySkippedFile() throws {
        let folder = try Self.folder()
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--no-cache", "--json", "--size", "32")
        #expect(code == .success)
        let skipped = runner.stdout.split(separator: "\n").filter { $0.contains(#""skipped""#) }
        #expect(skipped == [("IMG_0001.AAE", "a sidecar beside its photo"), ("IMG_0001.XMP", "a sidecar beside its photo"),
                            ("IMG_0002.xmp", "not a photo"), ("NOTES", "not a photo")].map {
            #"{"source":"\#(folder.file($0.0))","skipped":"\#($0.1)"}"#
        })
        #expect(runner.stderr.hasSuffix(Self.summaryLine))
    }

    @Test func oneSkippedFileIsSingular() throws {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("dated/IMG_0001.jpg"), as: "a.jpg")
        try folder.write(Self.sidecar, as: "b.XMP")
        let (_, runner) = CommandRunner.run("info", folder.path)
        #expect(runner.stderr == "filmroll: skipped 1 file that is not a photo: 1 .xmp\n")
    }

    @Test func anImageFilmrollCannotDecodeFailsByName() throws {
        // Given a Photoshop file, and a BMP named like a JPEG, among photos (a TIFF or a CR3 is decoded now)
        let folder = try Self.folder()
        try folder.write(Self.psd, as: "scan.psd")
        try folder.write(Array("BM".utf8) + [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0], as: "IMG_0003.jpg")
        let out = TemporaryFolder()
        // When thumbnails are made
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--out", out.path, "--no-cache", "--size", "32",
                                               "--quiet")
        // Then each fails by name, and the others are still counted as skipped
        #expect(code == .failure)
        #expect(runner.stderr.sortedLines() == """
            filmroll: \(folder.file("IMG_0003.jpg")): unsupported format (BMP)
            filmroll: \(folder.file("scan.psd")): unsupported format (PSD)
            \(Self.summaryLine)
            """.sortedLines())
        #expect(out.names() == ["IMG_0001_32.jpg"])
    }

    @Test func infoJSONListsSkippedFiles() throws {
        let folder = try Self.folder()
        let (code, runner) = CommandRunner.run("info", "--json", folder.path)
        #expect(code == .success)
        let lines = runner.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.contains(#"{"path":"\#(folder.file("IMG_0001.XMP"))","skipped":"a sidecar beside its photo"}"#))
        #expect(lines.contains(#"{"path":"\#(folder.file("IMG_0002.xmp"))","skipped":"not a photo"}"#))
        #expect(!runner.stdout.contains("DS_Store") && !runner.stdout.contains(".tmp"))
        #expect(runner.stderr == Self.summaryLine)
    }

    @Test func aFileNamedOnTheCommandLineIsStillAnError() throws {
        let folder = try Self.folder()
        let (code, runner) = CommandRunner.run("info", folder.file("IMG_0001.XMP"))
        #expect(code == .failure)
        #expect(runner.stderr.formatListElided == "filmroll: \(folder.file("IMG_0001.XMP")): not an image Filmroll reads (…)\n")
    }

    @Test func aBrokenVideoFailsByNameAndTheRestIsDone() throws {
        // Given a folder whose MOV is only the start of one
        let folder = try Self.folder()
        try folder.write(Self.movie, as: "IMG_0003.MOV")
        let out = TemporaryFolder()
        // When its thumbnails are made
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--out", out.path, "--no-cache", "--size", "32", "--quiet")
        // Then the video fails in one line naming it, and the photo is done
        #expect(code == .failure)
        let lines = runner.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("filmroll: \(folder.file("IMG_0003.MOV")): corrupt QuickTime: "))
        #expect(out.names() == ["IMG_0001_32.jpg"])
    }

    @Test func indexCountsSkippedFilesAndCataloguesNone() throws {
        let folder = try Self.folder()
        let (code, runner) = CommandRunner.run("index", folder.path, "--json")
        #expect(code == .success)
        #expect(runner.stdout.contains(#""failed":0,"#))
        #expect(runner.stdout.contains(#""skipped":[{"path":"\#(folder.file("IMG_0001.AAE"))","reason":"a sidecar beside its photo"},"#))
        #expect(runner.stderr == Self.summaryLine)
        let catalog = try Catalog(folder: folder.path)
        #expect(try catalog.database.rows("SELECT path FROM photos").map { $0[0].string } == ["IMG_0001.jpg"])
    }

    @Test func indexFailsOnAnUnsupportedFormat() throws {
        let folder = try Self.folder()
        try folder.write(Self.psd, as: "IMG_0004.CR2")
        let (code, runner) = CommandRunner.run("index", folder.path, "--quiet")
        #expect(code == .failure)
        #expect(runner.stderr == "filmroll: \(folder.file("IMG_0004.CR2")): unsupported format (PSD)\n" + Self.summaryLine)
    }

    @Test func gifCountsSkippedFiles() throws {
        let folder = try Self.folder()
        try folder.write(try Fixtures.bytes("dated/IMG_0005.jpg"), as: "IMG_0005.jpg")
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("gif", folder.path, "-o", out.file("a.gif"), "--size", "32", "--json",
                                               "--no-catalog")
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.contains(#""frames":2,"#))
        #expect(runner.stdout.contains(#""skipped":[{"path":"\#(folder.file("IMG_0001.AAE"))","reason":"a sidecar beside its photo"},"#))
        #expect(runner.stderr == Self.summaryLine)
    }
}

/// A PNG whose only damage is a bad CRC in a text chunk is converted, with a warning naming it.
@Suite struct DecodeWarningTests {
    /// The fixture PNG with a tEXt chunk whose CRC is wrong.
    static func damagedPNG() throws -> [UInt8] {
        var bytes = try ImageEncoder.encode(Image.filled(PixelSize(width: 6, height: 4), with: RGBColor(red: 10, green: 200, blue: 30)),
                                            as: .png(PNGEncodingOptions(texts: [.init(key: "Comment", value: "hello")])))
        let text = try #require(bytes.indices.dropLast(4).first { Array(bytes[$0..<$0 + 4]) == Array("tEXt".utf8) })
        bytes[text + 4 + "Comment\0hello".utf8.count] ^= 0xFF     // the first CRC byte
        return bytes
    }

    @Test func convertWarnsAndSucceeds() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.damagedPNG(), as: "damaged.png")
        let (code, runner) = CommandRunner.run("convert", folder.file("damaged.png"), folder.file("out.png"))
        #expect(code == .success)
        #expect(runner.stderr == "filmroll: \(folder.file("damaged.png")): warning: PNG chunk tEXt has a bad CRC; ignored\n")
        #expect(try ImageDecoder.decode(contentsOf: folder.file("out.png")).image.pixel(x: 5, y: 3) == [10, 200, 30])
    }

    @Test func thumbsAndInfoWarnToo() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.damagedPNG(), as: "damaged.png")
        let warning = "filmroll: \(folder.file("damaged.png")): warning: PNG chunk tEXt has a bad CRC; ignored\n"
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--no-cache", "--json", "--size", "4")
        #expect(code == .success)
        #expect(runner.stderr.hasPrefix(warning))
        let (infoCode, info) = CommandRunner.run("info", folder.file("damaged.png"))
        #expect(infoCode == .success)
        #expect(info.stderr == warning)
    }
}

/// A FIFO, a link to a device and a broken link in a walked folder are
/// named one line each with what they are, never opened, and fail nothing;
/// named on the command line, they fail.
@Suite struct SpecialFilesTests {
    /// A photo, a note, and `pipe.jpg` (a FIFO), `zero.jpg` (a link to /dev/zero), `gone.jpg` (a broken link).
    static func folder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("dated/IMG_0001.jpg"), as: "IMG_0001.jpg")
        try folder.write(Array("to do\n".utf8), as: "NOTES")
        #expect(mkfifo(folder.file("pipe.jpg"), 0o644) == 0)
        #expect(symlink("/dev/zero", folder.file("zero.jpg")) == 0)
        #expect(symlink("IMG_9999.jpg", folder.file("gone.jpg")) == 0)
        return folder
    }

    static func lines(_ folder: borrowing TemporaryFolder) -> [String] {
        [
            "filmroll: skipped \(folder.file("gone.jpg")): a symbolic link to IMG_9999.jpg that does not exist",
            "filmroll: skipped \(folder.file("pipe.jpg")): a FIFO, not a regular file",
            "filmroll: skipped \(folder.file("zero.jpg")): a symbolic link to /dev/zero, a character device",
            "filmroll: skipped 1 file that is not a photo: 1 (no extension)",
        ]
    }

    @Test(arguments: [["thumbs", "FOLDER", "--no-cache", "--size", "32", "--json"], ["index", "FOLDER", "--quiet"],
                      ["info", "FOLDER"], ["process", "FOLDER", "--no-catalog", "--quiet"]])
    func eachSpecialFileIsNamedWithWhatItIs(command: [String]) throws {
        let folder = try Self.folder()
        let (code, runner) = CommandRunner.run(command.map { $0 == "FOLDER" ? folder.path : $0 })
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("filmroll:") } == Self.lines(folder))
    }

    @Test func jsonGivesEachItsReason() throws {
        let folder = try Self.folder()
        let (code, runner) = CommandRunner.run("index", folder.path, "--json")
        #expect(code == .success)
        #expect(runner.stdout.contains(#"{"path":"\#(folder.file("pipe.jpg"))","reason":"a FIFO, not a regular file"}"#))
        #expect(runner.stdout.contains(#"{"path":"\#(folder.file("zero.jpg"))","reason":"a symbolic link to /dev/zero, a character device"}"#))
        #expect(runner.stdout.contains(#"{"path":"\#(folder.file("NOTES"))","reason":"not a photo"}"#))
    }

    @Test func aSpecialFileNamedOnTheCommandLineFails() throws {
        let folder = try Self.folder()
        let (code, runner) = CommandRunner.run("info", folder.file("pipe.jpg"), folder.file("zero.jpg"))
        #expect(code == .failure)
        #expect(runner.stderr.contains("filmroll: \(folder.file("pipe.jpg")): a FIFO, not a regular file"), "\(runner.stderr)")
        #expect(runner.stderr.contains("filmroll: \(folder.file("zero.jpg")): a symbolic link to /dev/zero, a character device"))
    }
}
