import Files
import Foundation
import Testing
import TestSupport

/// Undated items in a sharded run: each shard makes the thumbnails and
/// clips of those whose path is its own, the merge writes the Undated page
/// and their photo pages with what spans days, and the merged gallery is
/// the one a single run makes. A shard run again after the merge leaves
/// what spans days (the merge's) in place.
@Suite(.serialized) struct UndatedShardTests {
    /// `ShardTests.library` with two stills and a video that carry no date
    /// (written just now, so their file time is no day).
    static func copies(in scratch: borrowing TemporaryFolder) throws -> (single: String, sharded: String) {
        let source = scratch.file("source/lib")
        try ShardTests.library(in: source)
        let plain = try Fixtures.bytes("names/with space.jpg")
        try Folders.create(source + "/misc")
        try AtomicFile.write(plain, to: source + "/misc/holiday.jpg")
        try AtomicFile.write(plain, to: source + "/misc/scan.jpg")
        try AtomicFile.write(try FileBytes.read(Fixtures.root + "/Tests/Videos/yuv444.mp4"), to: source + "/misc/zoom.mp4")
        let folders = (0..<2).map { scratch.file("copy\($0)/lib") }
        for folder in folders {
            try Folders.create(String(folder.dropLast(4)))
            #expect(shell("cp -a '\(source)' '\(folder)'").status == 0)
        }
        return (folders[0], folders[1])
    }

    @Test func theMergeWritesTheUndatedPageAndItsPhotosPages() throws {
        let scratch = TemporaryFolder()
        let (single, sharded) = try Self.copies(in: scratch)
        #expect(try BinaryRun.run(["process", single, "--quiet"], timeout: 300).status == 0)
        let gallery = sharded + "/.filmroll/gallery"
        for shard in 0..<2 {
            let run = try BinaryRun.run(["process", sharded, "--shard", "\(shard)/2", "--quiet"], timeout: 300)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(!FileBytes.exists(gallery + "/undated.html"), "a shard wrote what spans days")
        let merge = try BinaryRun.run(["merge", sharded, "--json"], timeout: 300)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains(#""clips":0"#), "\(merge.stdout.suffix(400))")

        let undated = try String(contentsOfFile: gallery + "/undated.html", encoding: .utf8)
        for name in ["holiday", "scan", "zoom"] {
            #expect(undated.contains("<a href=\"photos/misc/\(name).html\""), "\(name)")
            #expect(FileBytes.exists(gallery + "/photos/misc/\(name).html"), "\(name)")
        }
        let zoom = try String(contentsOfFile: gallery + "/photos/misc/zoom.html", encoding: .utf8)
        #expect(zoom.contains(#"<video src="../../clips/misc/zoom.mp4""#))
        try ShardTests.expectSame(sharded, as: single)

        // A shard run again leaves the merge's pages alone: the gallery is still the single run's.
        let again = try BinaryRun.run(["process", sharded, "--shard", "0/2", "--quiet"], timeout: 300)
        #expect(again.status == 0, "\(again.stderr)")
        for page in ["undated.html", "photos/misc/scan.html", "months/2024-05.html", "months/2024-06.html", "years/2024.html"] {
            #expect(FileBytes.exists(gallery + "/" + page), "\(page)")
        }
        #expect(try BinaryRun.run(["merge", sharded, "--quiet"], timeout: 300).status == 0)
        try ShardTests.expectSame(sharded, as: single)
    }
}
