#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Imaging
import Testing
import TestSupport

/// `filmroll process` as a user runs it: the summary, the gallery's
/// address, JSON lines, errors and Ctrl-C.
@Suite(.serialized) struct ProcessCommandTests {
    static func datedFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for index in 1...6 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        try folder.write(try Fixtures.repainted("dated/IMG_0002.jpg", seed: 7), as: "IMG_0007.jpg")
        return folder
    }

    @Test func aFolderBecomesAGalleryAndTheAddressIsPrinted() throws {
        let folder = try Self.datedFolder()
        let (code, runner) = CommandRunner.run("process", folder.path, "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        let gallery = folder.path + "/.filmroll/gallery/index.html"
        #expect(runner.stdout == "file://\(gallery)\n")
        #expect(FileBytes.exists(gallery))

        let (_, again) = CommandRunner.run("process", folder.path)
        #expect(again.stdout == "7 photos: nothing changed since the last run\nfile://\(gallery)\n", "\(again.stdout)")
    }

    @Test func jsonGivesOneObjectPerLineEndingWithTheSummary() throws {
        let folder = try Self.datedFolder(), out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("process", folder.path, "--out", out.path + "/site", "--json")
        #expect(code == .success)
        let lines = runner.stdout.split(separator: "\n").map(String.init)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
        #expect(lines.contains(#"{"stage":"index","total":0}"#))
        #expect(lines.contains(#"{"made":"animation","path":"days/2025-04-10.gif"}"#))
        let summary = try #require(lines.last)
        #expect(summary.hasPrefix(#"{"photos":7,"videos":0,"livePhotos":0,"bursts":0,"added":7,"decoded":7,"thumbnails":14,"fourcuts":1,"animations":2,"#), "\(summary)")
        #expect(summary.hasSuffix(#""gallery":"file://\#(out.path)/site/index.html"}"#))
        #expect(FileBytes.exists(out.path + "/site/days/2025-04-10.jpg"))
    }

    @Test func aMissingFolderIsOneLine() {
        let (code, runner) = CommandRunner.run("process", "/nonexistent/photos")
        #expect(code == .failure)
        #expect(runner.stderr == "filmroll: /nonexistent/photos: no such folder\n")
        let (usage, _) = CommandRunner.run("process")
        #expect(usage == .usage)
    }

    @Test func ctrlCStopsPromptlyAndAReRunFinishes() throws {
        // 300 photos of one day: a long day's work (thumbnails, a sheet, a 30-frame animation).
        let folder = try CatalogProcessTests.bigFolder(300, distinctPictures: true)
        // Signalled once its first thumbnail is written: the outputs are being made.
        let thumbs = folder.path + "/.filmroll/gallery/thumbs"
        let (status, _) = try LongCommandInterruptionTests.interrupt(["process", folder.path, "--quiet"]) {
            Folders.names(in: thumbs).contains { !$0.hasPrefix(".") }
        }
        #expect(status == 130)
        #expect(!FileBytes.exists(folder.path + "/.filmroll/gallery/index.html"))   // stopped before the gallery
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder.path + "/.filmroll").filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        let (code, runner) = CommandRunner.run("process", folder.path, "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        #expect(FileBytes.exists(folder.path + "/.filmroll/gallery/days/2025-04-10.gif"))
    }
}

/// The options `process` shares with the other commands that make outputs:
/// `--no-catalog`, `--force` and the decode limits.
@Suite(.serialized) struct ProcessSharedOptionTests {
    @Test func noCatalogMakesEverythingAndLeavesNoCatalog() throws {
        let folder = try ProcessCommandTests.datedFolder()
        let (code, runner) = CommandRunner.run("process", folder.path, "--no-catalog", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        #expect(FileBytes.exists(folder.path + "/.filmroll/gallery/days/2025-04-10.gif"))
        #expect(FileBytes.exists(folder.path + "/.filmroll/gallery/thumbs/IMG_0001_256.jpg"))
        #expect(!FileBytes.exists(folder.path + "/.filmroll/catalog.sqlite"))
        #expect(Folders.names(in: folder.path + "/.filmroll") == ["gallery"])

        // A re-run keeps no record either: it indexes afresh into a catalog of its own and makes everything again.
        let (_, again) = CommandRunner.run("process", folder.path, "--no-catalog")
        #expect(again.stdout.hasPrefix("7 photos: 14 thumbnails, 1 four-cut, 2 animations"), "\(again.stdout)")
        #expect(!FileBytes.exists(folder.path + "/.filmroll/catalog.sqlite"))
    }

    @Test func noCatalogNeitherReadsNorWritesTheFolders() throws {
        let folder = try ProcessCommandTests.datedFolder()
        #expect(CommandRunner.run("index", folder.path, "--quiet").code == .success)
        let catalog = folder.path + "/.filmroll/catalog.sqlite"
        let before = try FileBytes.read(catalog)
        let (code, runner) = CommandRunner.run("process", folder.path, "--no-catalog", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        #expect(try FileBytes.read(catalog) == before)
        let (_, show) = CommandRunner.run("show", folder.path + "/IMG_0001.jpg")
        #expect(show.stdout.contains("outputs: none"), "\(show.stdout)")
    }

    @Test func forceReplacesAnImageFilmrollDidNotMakeButNeverAPhoto() throws {
        let folder = try ProcessCommandTests.datedFolder(), out = TemporaryFolder()
        let site = out.path + "/site"
        try Folders.create(site + "/thumbs")
        let theirs = try Fixtures.bytes("dated/IMG_0003.jpg")
        try AtomicFile.write(theirs, to: site + "/thumbs/IMG_0001_256.jpg")

        let (refused, runner) = CommandRunner.run("process", folder.path, "--out", site, "--no-catalog", "--quiet")
        #expect(refused == .failure)
        #expect(runner.stderr.contains("IMG_0001_256.jpg: already exists and was not made by Filmroll; choose another output, or add --force to replace it"),
                "\(runner.stderr)")
        #expect(try FileBytes.read(site + "/thumbs/IMG_0001_256.jpg") == theirs)

        let (code, forced) = CommandRunner.run("process", folder.path, "--out", site, "--no-catalog", "--quiet", "--force")
        #expect(code == .success, "\(forced.stderr)")
        let made = try FileBytes.read(site + "/thumbs/IMG_0001_256.jpg")
        #expect(made != theirs)
        #expect(OutputMark.read(contentsOf: site + "/thumbs/IMG_0001_256.jpg") == .thumbnail)
    }

    @Test func forceNeverReplacesAPhoto() throws {
        // The output folder is the photo folder itself: a photo sits where a thumbnail goes.
        let folder = try ProcessCommandTests.datedFolder()
        try Folders.create(folder.path + "/thumbs")
        let photo = try Fixtures.bytes("dated/IMG_0003.jpg")
        try AtomicFile.write(photo, to: folder.path + "/thumbs/IMG_0001_256.jpg")
        let (code, runner) = CommandRunner.run("process", folder.path, "--out", folder.path, "--no-catalog", "--quiet", "--force")
        #expect(code == .failure)
        #expect(runner.stderr.contains("IMG_0001_256.jpg: refusing to overwrite the input photo; choose another output"), "\(runner.stderr)")
        #expect(try FileBytes.read(folder.path + "/thumbs/IMG_0001_256.jpg") == photo)
    }

    @Test func maxPixelsRefusesLargerPhotos() throws {
        let folder = try ProcessCommandTests.datedFolder()
        let (code, runner) = CommandRunner.run("process", folder.path, "--no-catalog", "--quiet", "--max-pixels", "100")
        #expect(code == .failure)
        let photos = runner.stderr.split(separator: "\n").filter { $0.hasPrefix("filmroll: \(folder.path)/IMG_") }
        #expect(photos.count == 7, "\(runner.stderr)")
        #expect(photos.allSatisfy { $0.hasSuffix(": image too large (160×120)") || $0.hasSuffix(": image too large (120×160)") }, "\(photos)")
        #expect(!FileBytes.exists(folder.path + "/.filmroll/gallery/thumbs/IMG_0001_256.jpg"))
    }
}
