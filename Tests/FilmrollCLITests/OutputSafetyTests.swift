import Foundation
import Catalog
import Imaging
import Testing
import TestSupport

/// Outputs never replace photos: every command that writes refuses an
/// existing file that Filmroll did not make, unless --force. Run through
/// the real binary, as a user would.
@Suite struct OutputSafetyTests {
    /// A folder of four dated photos and one more photo, X.jpg.
    static func photoFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for index in 1...4 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "X.jpg")
        return folder
    }

    static func photos(_ folder: borrowing TemporaryFolder) -> [String] {
        (1...4).map { folder.file("IMG_000\($0).jpg") }
    }

    @Test(arguments: [false, true])
    func fourcutRefusesToReplaceAnotherPhoto(catalogued: Bool) throws {
        let folder = try Self.photoFolder()
        if catalogued { #expect(try BinaryRun.run("index", folder.path, "--quiet").status == 0) }
        let original = try FileBytes.read(folder.file("X.jpg"))

        let run = try BinaryRun.run(["fourcut"] + Self.photos(folder) + ["-o", folder.file("X.jpg"), "--dpi", "100"])

        #expect(run.status == 1)
        #expect(run.errorLines == ["filmroll: \(folder.file("X.jpg")): already exists and was not made by Filmroll; "
                                   + "choose another output, or add --force to replace it"])
        #expect(try FileBytes.read(folder.file("X.jpg")) == original)
        if catalogued {
            #expect(try CatalogProcessTests.count("SELECT count(*) FROM outputs", in: folder) == 0)
        }
    }

    @Test func fourcutReplacesItsOwnSheetAndForceReplacesAnyFile() throws {
        let folder = try Self.photoFolder()
        let sheet = folder.file("sheet.jpg")
        let arguments = ["fourcut"] + Self.photos(folder) + ["-o", sheet, "--dpi", "100"]
        #expect(try BinaryRun.run(arguments).status == 0)
        #expect(OutputMark.read(contentsOf: sheet) == .fourcut)
        #expect(try BinaryRun.run(arguments + ["--caption", "again"]).status == 0)

        let forced = try BinaryRun.run(["fourcut"] + Self.photos(folder) + ["-o", folder.file("X.jpg"), "--dpi", "100", "--force"])
        #expect(forced.status == 0)
        #expect(try ImageDecoder.readInfo(contentsOf: folder.file("X.jpg")).storedSize == PixelSize(width: 200, height: 600))
    }

    @Test func gifRefusesAPhotoAndAWrongExtensionAndReplacesItsOwnGIF() throws {
        let folder = try Self.photoFolder()
        let original = try FileBytes.read(folder.file("X.jpg"))
        let wrongExtension = try BinaryRun.run(["gif"] + Self.photos(folder) + ["-o", folder.file("X.jpg")])
        #expect(wrongExtension.status == 64)
        #expect(try FileBytes.read(folder.file("X.jpg")) == original)

        try folder.write(original, as: "notes.gif")     // somebody's file, whatever its name
        let refused = try BinaryRun.run(["gif"] + Self.photos(folder) + ["-o", folder.file("notes.gif"), "--size", "32"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("notes.gif: already exists and was not made by Filmroll"))
        #expect(try FileBytes.read(folder.file("notes.gif")) == original)

        let gif = folder.file("burst.gif")
        #expect(try BinaryRun.run(["gif"] + Self.photos(folder) + ["-o", gif, "--size", "32", "--quiet"]).status == 0)
        #expect(OutputMark.read(contentsOf: gif) == .gif)
        #expect(try ImageDecoder.readInfo(contentsOf: gif).metadata.frameCount == 4)
        #expect(try BinaryRun.run(["gif"] + Self.photos(folder).prefix(2) + ["-o", gif, "--size", "32", "--quiet"]).status == 0)
        #expect(try ImageDecoder.readInfo(contentsOf: gif).metadata.frameCount == 2)
    }

    @Test func convertReplacesOnlyWhatConvertMade() throws {
        let folder = try Self.photoFolder()
        let output = folder.file("small.png")
        #expect(try BinaryRun.run("convert", folder.file("X.jpg"), output, "--max-size", "16").status == 0)
        #expect(OutputMark.read(contentsOf: output) == .convert)
        #expect(try BinaryRun.run("convert", folder.file("X.jpg"), output, "--max-size", "20").status == 0)
        #expect(try ImageDecoder.readInfo(contentsOf: output).storedSize.width == 20)

        let sheet = folder.file("sheet.jpg")
        #expect(try BinaryRun.run(["fourcut"] + Self.photos(folder) + ["-o", sheet, "--dpi", "100"]).status == 0)
        let other = try BinaryRun.run("convert", folder.file("X.jpg"), sheet)
        #expect(other.status == 1)
        #expect(other.stderr.contains("already exists and is a Filmroll four-cut, not a photo Filmroll converted"))
    }

    @Test func thumbsOutRefusesAPhotoInTheWayAndMakesTheRest() throws {
        let folder = try Self.photoFolder()
        // A photo whose name is what the thumbnail of IMG_0001.jpg would be called.
        try folder.write(try Fixtures.bytes("jpeg/progressive.jpg"), as: "IMG_0001_32.jpg")
        let inTheWay = try FileBytes.read(folder.file("IMG_0001_32.jpg"))

        let run = try BinaryRun.run("thumbs", folder.file("IMG_0001.jpg"), folder.file("IMG_0002.jpg"),
                                    "--out", folder.path, "--size", "32", "--quiet")

        #expect(run.status == 1)
        #expect(run.errorLines.count == 1)
        #expect(run.stderr.contains("IMG_0001.jpg: \(folder.file("IMG_0001_32.jpg")): already exists and was not made by Filmroll"))
        #expect(try FileBytes.read(folder.file("IMG_0001_32.jpg")) == inTheWay)
        #expect(OutputMark.read(contentsOf: folder.file("IMG_0002_32.jpg")) == .thumbnail)
        // Its own thumbnails are replaced on a re-run without a word.
        let again = try BinaryRun.run("thumbs", folder.file("IMG_0002.jpg"), "--out", folder.path, "--size", "32",
                                      "--quiet", "--no-cache")
        #expect(again.status == 0)
        #expect(again.stderr.isEmpty)
    }

    @Test func anOutputTheCatalogRecordsMayBeReplacedWhileItIsWhatWasMade() throws {
        // An unmarked file is Filmroll's when a catalog records it with the size and hash it still
        // has, in a folder whose marker names that catalog.
        let folder = try Self.photoFolder()
        #expect(try BinaryRun.run("index", folder.path, "--quiet").status == 0)
        let sheet = folder.file("sheets/old-sheet.jpg")
        let original = try Fixtures.bytes("jpeg/photo.jpg")
        let catalog = try Catalog(folder: folder.path)
        #expect(catalog.markAsOurs(folder.file("sheets")).isOurs)
        try folder.write(original, as: "sheets/old-sheet.jpg")
        try catalog.recordOutput(kind: .fourcut, path: sheet, root: folder.file("sheets"), identity: OutputIdentity.of(path: sheet),
                                 parameters: "{}", sources: [])

        let run = try BinaryRun.run(["fourcut"] + Self.photos(folder) + ["-o", sheet, "--dpi", "100"])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(OutputMark.read(contentsOf: sheet) == .fourcut)
    }

    @Test func aTrueSizeAndHashOutsideTheCatalogsFoldersAuthoriseNothing() throws {
        // The same row, but the folder holds no marker naming the catalog: anyone can hash a file.
        let folder = try Self.photoFolder()
        #expect(try BinaryRun.run("index", folder.path, "--quiet").status == 0)
        let sheet = folder.file("old-sheet.jpg")
        let original = try Fixtures.bytes("jpeg/photo.jpg")
        try folder.write(original, as: "old-sheet.jpg")
        let catalog = try Catalog(folder: folder.path)
        try catalog.recordOutput(kind: .fourcut, path: sheet, root: folder.path, identity: OutputIdentity.of(path: sheet),
                                 parameters: "{}", sources: [])

        let run = try BinaryRun.run(["fourcut"] + Self.photos(folder) + ["-o", sheet, "--dpi", "100"])

        #expect(run.status == 1)
        #expect(run.stderr.contains("already exists and was not made by Filmroll"), "\(run.stderr)")
        #expect(try FileBytes.read(sheet) == original)
    }

    @Test func aCatalogRowAloneDoesNotMakeSomebodysFileFilmrolls() throws {
        // A catalog handed over with a folder names the user's file as an output: without its
        // size and hash, or once the file changed, the row authorises nothing.
        let folder = try Self.photoFolder()
        #expect(try BinaryRun.run("index", folder.path, "--quiet").status == 0)
        let catalog = try Catalog(folder: folder.path)
        let diary = folder.file("diary.jpg"), edited = folder.file("edited.jpg")
        let original = try Fixtures.bytes("jpeg/photo.jpg")
        try folder.write(original, as: "diary.jpg")
        try folder.write(original, as: "edited.jpg")
        try catalog.recordOutput(kind: .fourcut, path: diary, parameters: "{}", sources: [])
        try catalog.recordOutput(kind: .fourcut, path: edited, identity: OutputIdentity.of(path: edited), parameters: "{}", sources: [])
        try folder.write(original + [0], as: "edited.jpg")

        for target in [diary, edited] {
            let run = try BinaryRun.run(["fourcut"] + Self.photos(folder) + ["-o", target, "--dpi", "100"])
            #expect(run.status == 1)
            #expect(run.stderr.contains("already exists and was not made by Filmroll"), "\(run.stderr)")
        }
        #expect(try FileBytes.read(diary) == original)
        #expect(try FileBytes.read(edited) == original + [0])
    }

    @Test(.enabled(if: pillowIsInstalled, "needs Pillow (pip install pillow)"))
    func outputMarksAreReadBackByOtherTools() throws {
        // The mark is an ordinary comment: Pillow sees it, and the files still decode.
        let folder = try Self.photoFolder()
        #expect(try BinaryRun.run("convert", folder.file("X.jpg"), folder.file("a.jpg")).status == 0)
        #expect(try BinaryRun.run("convert", folder.file("X.jpg"), folder.file("a.png")).status == 0)
        #expect(try BinaryRun.run(["gif"] + Self.photos(folder) + ["-o", folder.file("a.gif"), "--size", "16", "-q"]).status == 0)
        let script = """
            import sys
            from PIL import Image
            for path in sys.argv[1:]:
                image = Image.open(path)
                image.load()
                mark = image.info.get("comment") or image.info.get("Software")
                print(mark.decode() if isinstance(mark, bytes) else mark)
            """
        let (status, output) = shell(
            "python3 -c '\(script)' '\(folder.file("a.jpg"))' '\(folder.file("a.png"))' '\(folder.file("a.gif"))' 2>&1")
        #expect(status == 0, "\(output)")
        #expect(output.split(separator: "\n") == ["Filmroll convert", "Filmroll convert", "Filmroll gif"])
    }
}

let pillowIsInstalled = shell("python3 -c 'import PIL' 2>&1").0 == 0
