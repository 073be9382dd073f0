import Foundation
import Imaging
import Testing
import TestSupport

/// One planner, one record: an output one command made is found by
/// another that plans the same recipe, in both directions, and copied
/// (never decoded, drawn or encoded again).
@Suite struct CommandsShareOutputsTests {
    /// `process --json`'s summary line, as a dictionary.
    static func processSummary(_ folder: String) throws -> [String: Any] {
        let (code, runner) = CommandRunner.run("process", folder, "--json")
        #expect(code == .success, "\(runner.stderr)")
        let last = try #require(runner.stdout.split(separator: "\n").last)
        return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    }

    @Test func aSheetFourcutPerDayMadeIsTheSheetProcessNeeds() throws {
        let folder = try ProcessCommandTests.datedFolder(), sheets = TemporaryFolder()
        _ = CommandRunner.run("index", folder.path, "--quiet")
        let (code, runner) = CommandRunner.run("fourcut", "--folder", folder.path, "--per-day", "--dpi", "300", "--out", sheets.path)
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.hasPrefix("1 four-cut made"))

        let summary = try Self.processSummary(folder.path)
        #expect(summary["fourcuts"] as? Int == 0)
        #expect(summary["reused"] as? Int == 1)
        // The same name and the same bytes.
        let inGallery = try FileBytes.read(folder.path + "/.filmroll/gallery/days/2025-04-10.jpg")
        #expect(inGallery == (try FileBytes.read(sheets.file("2025-04-10.jpg"))))
    }

    @Test func aSheetProcessMadeIsTheSheetFourcutPerDayNeeds() throws {
        let folder = try ProcessCommandTests.datedFolder(), sheets = TemporaryFolder()
        _ = try Self.processSummary(folder.path)
        let (code, runner) = CommandRunner.run("fourcut", "--folder", folder.path, "--per-day", "--dpi", "300", "--out", sheets.path)
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.hasPrefix("0 four-cuts made, 1 up to date, 0 failed"), "\(runner.stdout)")
        #expect(try FileBytes.read(sheets.file("2025-04-10.jpg"))
                == (try FileBytes.read(folder.path + "/.filmroll/gallery/days/2025-04-10.jpg")))
    }

    @Test func otherSettingsAreAnotherSheet() throws {
        let folder = try ProcessCommandTests.datedFolder(), sheets = TemporaryFolder()
        _ = CommandRunner.run("index", folder.path, "--quiet")
        _ = CommandRunner.run("fourcut", "--folder", folder.path, "--per-day", "--out", sheets.path)   // 600 dpi
        let summary = try Self.processSummary(folder.path)
        #expect(summary["fourcuts"] as? Int == 1)
        #expect(summary["reused"] as? Int == 0)
    }

    /// (`thumbs` records in the folder's catalog when it has one: `index` makes it, as `process` does.)
    @Test func thumbnailsThumbsMadeAreTheOnesProcessNeeds() throws {
        let folder = try ProcessCommandTests.datedFolder()
        _ = CommandRunner.run("index", folder.path, "--quiet")
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--size", "256,1024", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        let summary = try Self.processSummary(folder.path)
        #expect(summary["thumbnails"] as? Int == 0)
        #expect(summary["reused"] as? Int == 14)
        // Decoded once each: six for the days' sheet and animations (and their fingerprints), and
        // the photo alone on its day, which has neither, for its fingerprint.
        #expect(summary["decoded"] as? Int == 7)
        #expect(summary["fingerprinted"] as? Int == 7)
    }

    @Test func thumbnailsProcessMadeAreTheOnesThumbsNeeds() throws {
        let folder = try ProcessCommandTests.datedFolder()
        _ = try Self.processSummary(folder.path)
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--size", "256,1024")
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.hasPrefix("14 thumbnails: 0 made, 14 cached, 0 failed"), "\(runner.stdout)")
    }
}
