import Catalog
import Files
import Foundation
import Imaging
import Testing
import TestSupport

/// `process --shard K/N` in concurrent processes, then `merge`, gives what
/// one `process` run gives: the same catalog rows and the same bytes in
/// every output and page; a shard killed and run again changes nothing.
@Suite(.serialized) struct ShardTests {
    /// A still taken at `taken`, with `detail` (texture, hence bytes per
    /// pixel) and Apple's burst identifier when given.
    static func still(taken: String, detail: Int, burst: String? = nil, size: Int = 96) throws -> [UInt8] {
        var exif = EXIFBuilder()
        exif.ifd0[0x010F] = .ascii("Apple")
        exif.ifd0[0x0110] = .ascii("iPhone 15 Pro")
        exif.exif[0x9003] = .ascii(taken)
        exif.exif[0x9011] = .ascii("+09:00")
        if let burst { exif.exif[0x927C] = .undefined(EXIFBuilder.appleMakerNote([11: burst])) }
        var random = SplitMix64(seed: UInt64(detail * 7919 + taken.utf8.reduce(0) { $0 &+ Int($1) }))
        let pixels = (0..<size * size * 3 / 4 * 3).map { index in
            UInt8(truncatingIfNeeded: index / 7 + Int(random.next() % UInt64(detail + 1)))
        }
        let image = Image(width: size, height: size * 3 / 4, format: .rgb8, pixels: pixels)
        return try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(exif: exif.payload)))
    }

    /// 30 photos over 5 days in two folders, a burst of 4, a Live Photo
    /// (IMG_0100.JPG and its MOV) and an HEVC clip.
    static func library(in folder: String) throws {
        try Folders.create(folder + "/2024-05")
        try Folders.create(folder + "/2024-06")
        for index in 0..<30 {
            let day = 1 + index / 6, minute = index % 6 * 7
            let month = day <= 3 ? "2024-05" : "2024-06"
            try AtomicFile.write(try still(taken: "\(month.replacingOccurrences(of: "-", with: ":")):\(String(format: "%02d", day)) 10:\(String(format: "%02d", minute)):00",
                                           detail: index % 9),
                                 to: folder + "/\(month)/IMG_\(String(format: "%04d", index)).JPG")
        }
        for frame in 0..<4 {
            try AtomicFile.write(try still(taken: "2024:05:02 12:00:0\(frame)", detail: [3, 40, 9, 1][frame], burst: "B-1"),
                                 to: folder + "/2024-05/BURST_\(frame).JPG")
        }
        let videos = Fixtures.root + "/Tests/Videos/camera-roll/"
        try AtomicFile.write(try FileBytes.read(videos + "IMG_0100.MOV"), to: folder + "/2024-05/IMG_0100.MOV")
        try AtomicFile.write(try still(taken: "2024:05:03 16:00:00", detail: 5), to: folder + "/2024-05/IMG_0100.JPG")
        try AtomicFile.write(try FileBytes.read(videos + "iphone-hevc.mov"), to: folder + "/iphone-hevc.mov")
    }

    /// The catalog's rows that a run decides, by path (no ids, no times).
    static func rows(_ folder: String) throws -> [String] {
        let catalog = try Catalog(folder: folder, access: .read)
        var rows: [String] = []
        for row in try catalog.database.rows("""
            SELECT path, bytes, mtime_ns, hash, format, width, height, taken_at, make, model, error, missing, duration,
                   (SELECT path FROM photos AS s WHERE s.id = p.live_still_id),
                   (SELECT path FROM photos AS l WHERE l.id = p.burst_lead_id)
            FROM photos AS p ORDER BY path
            """) { rows.append("photo " + row.values.map { "\($0)" }.joined(separator: "|")) }
        for row in try catalog.database.rows("SELECT kind, path, key, parameters, bytes, hash FROM outputs ORDER BY path") {
            rows.append("output " + row.values.map { "\($0)" }.joined(separator: "|").replacingOccurrences(of: folder, with: "FOLDER"))
        }
        for row in try catalog.database.rows("""
            SELECT o.path, p.path, s.position FROM output_sources AS s JOIN outputs AS o ON o.id = s.output_id
            JOIN photos AS p ON p.id = s.photo_id ORDER BY o.path, s.position
            """) { rows.append("link " + row.values.map { "\($0)" }.joined(separator: "|").replacingOccurrences(of: folder, with: "FOLDER")) }
        return rows
    }

    /// The library written once in `scratch`, copied (times kept) into `count` folders named alike.
    static func copies(_ count: Int, in scratch: borrowing TemporaryFolder) throws -> [String] {
        try library(in: scratch.file("source/lib"))
        let folders = (0..<count).map { scratch.file("copy\($0)/lib") }
        for folder in folders {
            try Folders.create(String(folder.dropLast(4)))
            #expect(shell("cp -a '\(scratch.file("source/lib"))' '\(folder)'").status == 0)
        }
        return folders
    }

    static func expectSame(_ sharded: String, as single: String) throws {
        let expected = try rows(single), found = try rows(sharded)
        #expect(found.count == expected.count)
        for (line, (a, b)) in zip(expected, found).enumerated() where a != b {
            Issue.record("catalog row \(line): \(b), expected \(a)")
            break
        }
        let one = try GalleryBytes.of(single), many = try GalleryBytes.of(sharded)
        #expect(one.count > 40 && Set(one.keys) == Set(many.keys), "\(Set(one.keys).symmetricDifference(many.keys).sorted())")
        let differing = one.keys.filter { one[$0] != many[$0] }.sorted()
        #expect(differing.isEmpty, "differ: \(differing.prefix(5))")
    }

    @Test func fourShardsAtOnceThenAMergeGiveWhatOneRunGives() throws {
        let scratch = TemporaryFolder()
        let folders = try Self.copies(2, in: scratch)
        let (single, sharded) = (folders[0], folders[1])
        #expect(try BinaryRun.run(["process", single, "--quiet"]).status == 0)

        let shards = try (0..<4).map { try BinaryRun.start(["process", sharded, "--shard", "\($0)/4", "--json"]) }
        let runs = shards.map { $0.finish(timeout: 120) }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        // Each shard took its own share, and together all of them.
        let counts = runs.compactMap { run in
            (try? JSONSerialization.jsonObject(with: Data(run.stdout.split(separator: "\n").last!.utf8))) as? [String: Any]
        }
        #expect(counts.count == 4 && counts.allSatisfy { ($0["shard"] as? String)?.hasSuffix("/4") == true })
        for shard in 0..<4 {
            #expect(FileBytes.exists(sharded + "/.filmroll/catalog.shard-\(shard)-of-4.sqlite"))
        }
        #expect(!FileBytes.exists(sharded + "/.filmroll/gallery/index.html"), "a shard wrote the index")
        // The shards made every day: its sheet, animation, day page and photo pages, as one run made them.
        let one = try GalleryBytes.of(single), beforeMerge = try GalleryBytes.of(sharded)
        let perDay = one.keys.filter { $0.hasPrefix("days/") || $0.hasPrefix("photos/") || $0.hasPrefix("thumbs/") }
        #expect(perDay.contains { $0.hasPrefix("days/") && $0.hasSuffix(".jpg") } && perDay.contains { $0.hasSuffix(".gif") }
                && perDay.count { $0.hasPrefix("days/") && $0.hasSuffix(".html") } >= 5)
        let unlike = perDay.filter { beforeMerge[$0] != one[$0] }.sorted()
        #expect(unlike.isEmpty, "not as one run made them before the merge: \(unlike.prefix(5))")

        let merge = try BinaryRun.run(["merge", sharded, "--json"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains(#""shardsMerged":4"#), "\(merge.stdout.suffix(300))")
        // The merge decodes nothing and makes no sheet or animation: it writes what spans days.
        for made in [#""decoded":0"#, #""thumbnails":0"#, #""fourcuts":0"#, #""animations":0"#, #""clips":0"#] {
            #expect(merge.stdout.contains(made), "\(made): \(merge.stdout.suffix(400))")
        }
        let merged = try GalleryBytes.of(sharded)
        let rewritten = perDay.filter { merged[$0] != beforeMerge[$0] }
        #expect(rewritten.isEmpty, "\(rewritten.prefix(5))")
        #expect(!Folders.names(in: sharded + "/.filmroll").contains { $0.contains(".shard-") })
        try Self.expectSame(sharded, as: single)

        // The merged folder is as processed as the single one: nothing left to do.
        let again = try BinaryRun.run(["process", sharded])
        #expect(again.status == 0 && again.stdout.contains("nothing changed since the last run"), "\(again.stdout)")
    }

    /// Two shards and a merge over a processed folder after `change` was made to both copies (`single`, `sharded`).
    static func processAgain(_ single: String, _ sharded: String) throws {
        #expect(try BinaryRun.run(["process", single, "--quiet"]).status == 0)
        for shard in 0..<2 {
            let run = try BinaryRun.run(["process", sharded, "--shard", "\(shard)/2", "--quiet"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let merge = try BinaryRun.run(["merge", sharded, "--quiet"])
        #expect(merge.status == 0, "\(merge.stderr)")
    }

    /// A photo renamed stays on its day, so in its day's shard, which finds it
    /// moved; the merge keeps the folder's row at the new path, as one run does.
    @Test func aPhotoRenamedIsMovedAsOneRunMovesIt() throws {
        let scratch = TemporaryFolder()
        let folders = try Self.copies(2, in: scratch)
        let (single, sharded) = (folders[0], folders[1])
        try Self.processAgain(single, sharded)

        let old = "2024-05/IMG_0003.JPG", new = "2024-05/MOVED_3.JPG"
        let id = try Catalog(folder: single, access: .read).photo(relativePath: old)?.id
        let shardedID = try Catalog(folder: sharded, access: .read).photo(relativePath: old)?.id
        for folder in [single, sharded] {
            #expect(rename(folder + "/" + old, folder + "/" + new) == 0)
        }
        try Self.processAgain(single, sharded)
        // One run keeps the row (its id) at the new path, and no row for the old one.
        let moved = try Catalog(folder: single, access: .read).photo(relativePath: new)
        #expect(moved?.id == id && moved?.isMissing == false)
        #expect(try Catalog(folder: sharded, access: .read).photo(relativePath: new)?.id == shardedID)
        #expect(try Catalog(folder: sharded, access: .read).photo(relativePath: old) == nil)
        try Self.expectSame(sharded, as: single)
    }

    /// A photo rewritten with a date on a day of the other shard: the old shard
    /// gives it up (its day's sheet and pages are made again without it), the
    /// new one takes it; the merged folder is what one run makes of the change.
    @Test func aPhotoWhoseDayMovesToAnotherShardGoesWithIt() throws {
        let scratch = TemporaryFolder()
        let folders = try Self.copies(2, in: scratch)
        let (single, sharded) = (folders[0], folders[1])
        try Self.processAgain(single, sharded)

        let path = "2024-05/IMG_0003.JPG", first = try #require(Shard(index: 0, count: 2))
        let days = (2...28).map { "2024-05-" + String(format: "%02d", $0) }
        let day: String = try #require(days.first { first.owns(day: $0, relativePath: path) != first.owns(day: "2024-05-01", relativePath: path) })
        let bytes = try Self.still(taken: day.replacingOccurrences(of: "-", with: ":") + " 09:00:00", detail: 4)
        for folder in [single, sharded] { try AtomicFile.write(bytes, to: folder + "/" + path) }
        #expect(shell("touch -r '\(single)/\(path)' '\(sharded)/\(path)'").status == 0)
        try Self.processAgain(single, sharded)
        #expect(try Catalog(folder: sharded, access: .read).photo(relativePath: path)?.takenAt?.hasPrefix(day) == true)
        try Self.expectSame(sharded, as: single)
    }

    @Test func aShardKilledAndRunAgainGivesTheSameResult() throws {
        let scratch = TemporaryFolder()
        let folders = try Self.copies(2, in: scratch)
        let (single, sharded) = (folders[0], folders[1])
        #expect(try BinaryRun.run(["process", single, "--quiet"]).status == 0)

        // Killed as soon as it has written something (or at the end, whichever comes first).
        let killed = try BinaryRun.start(["process", sharded, "--shard", "0/2", "--jobs", "1"])
        let thumbs = sharded + "/.filmroll/gallery/thumbs"
        let started = Date()
        while killed.process.isRunning && Date().timeIntervalSince(started) < 30
                && !(Folders.names(in: thumbs).contains { $0.hasSuffix(".jpg") } || !Folders.names(in: thumbs + "/2024-05").isEmpty) {
            Thread.sleep(forTimeInterval: 0.002)
        }
        kill(killed.process.processIdentifier, SIGKILL)
        _ = killed.finish()

        let other = try BinaryRun.run(["process", sharded, "--shard", "1/2", "--quiet"])
        #expect(other.status == 0, "\(other.stderr)")
        let rerun = try BinaryRun.run(["process", sharded, "--shard", "0/2", "--json"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        // Run once more: the shard's work is done, nothing is decoded again.
        let third = try BinaryRun.run(["process", sharded, "--shard", "0/2", "--json"])
        #expect(third.stdout.contains(#""decoded":0"#), "\(third.stdout)")
        #expect(try BinaryRun.run(["merge", sharded, "--quiet"]).status == 0)
        try Self.expectSame(sharded, as: single)
    }

    @Test func shardAutoReadsSlurmAndKubernetesAndSaysWhatIsMissing() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.still(taken: "2024:05:01 10:00:00", detail: 3), as: "a.jpg")
        let slurm = try BinaryRun.run(["process", folder.path, "--shard", "auto", "--json"],
                                      environment: ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4",
                                                    "SLURM_ARRAY_TASK_COUNT": "3"])
        #expect(slurm.status == 0 && slurm.stdout.contains(#""shard":"1/3""#), "\(slurm.stdout) \(slurm.stderr)")
        let kubernetes = try BinaryRun.run(["process", folder.path, "--shard", "auto", "--json"],
                                           environment: ["JOB_COMPLETION_INDEX": "2", "FILMROLL_SHARD_COUNT": "4"])
        #expect(kubernetes.status == 0 && kubernetes.stdout.contains(#""shard":"2/4""#), "\(kubernetes.stderr)")
        let missing = try BinaryRun.run(["process", folder.path, "--shard", "auto"], environment: ["JOB_COMPLETION_INDEX": "2"])
        #expect(missing.status == 64 && missing.stderr.contains("FILMROLL_SHARD_COUNT"), "\(missing.stderr)")
        for bad in ["4/4", "-1/2", "1", "a/b", "0/0"] {
            let run = try BinaryRun.run(["thumbs", folder.path, "--shard", bad, "--no-cache", "--json"])
            #expect(run.status == 64 && run.stderr.contains("--shard takes K/N"), "\(bad): \(run.stderr)")
        }
    }
}
