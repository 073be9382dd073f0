import Catalog
import Imaging
import Testing
import TestSupport

/// `thumbs` and `process` plan a thumbnail by the same recipe, so each
/// finds what the other made, by its key in the catalog's outputs table.
@Suite struct SharedOutputTests {
    static func folder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for name in ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg"] {
            try folder.write(try Fixtures.bytes("dated/" + name), as: name)
        }
        return folder
    }

    @Test func thumbsFindsTheThumbnailsProcessMade() throws {
        let folder = try Self.folder()
        let (processed, _) = CommandRunner.run("process", folder.path, "-q")
        #expect(processed == .success)
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--size", "256,1024", "--out", out.path, "--json", "--no-cache")
        #expect(code == .success, "\(runner.stderr)")
        let lines = runner.stdout.split(separator: "\n").filter { $0.contains("\"size\"") }
        #expect(lines.count == 6)
        #expect(lines.allSatisfy { $0.contains("\"status\":\"cached\"") }, "\(runner.stdout)")
        for name in ["IMG_0001_256.jpg", "IMG_0002_1024.jpg"] {
            #expect(try FileBytes.read(out.file(name)) == FileBytes.read(folder.file(".filmroll/gallery/thumbs/" + name)))
        }
    }

    @Test func processFindsTheThumbnailsThumbsMade() throws {
        let folder = try Self.folder()
        #expect(CommandRunner.run("index", folder.path, "-q").code == .success)
        let (made, thumbs) = CommandRunner.run("thumbs", folder.path, "--size", "256,1024")
        #expect(made == .success, "\(thumbs.stderr)")
        let (code, runner) = CommandRunner.run("process", folder.path, "--json")
        #expect(code == .success, "\(runner.stderr)")
        let summary = try #require(runner.stdout.split(separator: "\n").last)
        #expect(summary.contains("\"reused\":6"), "\(summary)")
        #expect(summary.contains("\"thumbnails\":0"), "\(summary)")
        // Only the day's animation still needed its photos.
        #expect(summary.contains("\"decoded\":3"), "\(summary)")
        let catalog = try Catalog(folder: folder.path, access: .read)
        let keys = try catalog.ledger().filter { $0.kind == .thumbnail }.compactMap(\.key)
        #expect(keys.count == 12 && Set(keys).count == 6)   // each recipe at two places, one key
    }
}
