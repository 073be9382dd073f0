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
        try folder.write(try Fixtures.bytes("dated/IMG_0002.jpg"), as: "IMG_0007.jpg")
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
        #expect(again.stdout.hasPrefix("7 photos: 0 thumbnails, 0 four-cuts, 0 animations"), "\(again.stdout)")
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
        #expect(summary.hasPrefix(#"{"photos":7,"added":7,"decoded":7,"thumbnails":14,"fourcuts":1,"animations":2,"#), "\(summary)")
        #expect(summary.hasSuffix(#""gallery":"file://\#(out.path)/site/index.html"}"#))
        #expect(FileBytes.exists(out.path + "/site/days/2025-04-10-fourcut.jpg"))
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
        let folder = try CatalogProcessTests.bigFolder(300)
        let (status, seconds) = try LongCommandInterruptionTests.interrupt(["process", folder.path, "--quiet"], after: 0.5)
        #expect(status == 130 || status == 0)
        #expect(seconds < 1.5, "took \(seconds) s to stop")
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder.path + "/.filmroll").filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        let (code, runner) = CommandRunner.run("process", folder.path, "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        #expect(FileBytes.exists(folder.path + "/.filmroll/gallery/days/2025-04-10.gif"))
    }
}
