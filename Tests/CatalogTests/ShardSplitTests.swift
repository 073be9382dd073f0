@testable import Catalog
import Testing

/// `Shard`: every photo in exactly one shard, by a hash that never changes,
/// a Live Photo's still and MOV together; `--shard auto` from Slurm's and
/// Kubernetes' variables.
@Suite struct ShardSplitTests {
    static let paths = (0..<2000).map { "2024/\($0 % 12)/IMG_\($0).JPG" } + ["a b/Ünïcode 사진.heic", "noextension", "dir.d/file"]

    @Test(arguments: [1, 2, 3, 4, 7])
    func everyPhotoIsInExactlyOneShard(count: Int) throws {
        let shards = (0..<count).map { Shard(index: $0, count: count)! }
        var sizes = Array(repeating: 0, count: count)
        for path in Self.paths {
            let owners = shards.filter { $0.contains(relativePath: path) }
            #expect(owners.count == 1, "\(path)")
            sizes[owners[0].index] += 1
        }
        // Balanced within a few percent of an even share.
        let even = Double(Self.paths.count) / Double(count)
        #expect(sizes.allSatisfy { abs(Double($0) - even) < even * 0.1 + 5 }, "\(sizes)")
    }

    @Test func theHashIsFixedAndKeepsAStillWithItsMovie() throws {
        // Fixed values: a change of hash would move photos between the shards of a job being retried.
        let four = Shard(index: 0, count: 4)!
        #expect(["IMG_0001.HEIC", "IMG_0002.HEIC", "IMG_0003.HEIC", "IMG_0004.HEIC"].map { four.contains(relativePath: $0) }
                    == ["IMG_0001", "IMG_0002", "IMG_0003", "IMG_0004"].map { four.contains(relativePath: $0) })
        // 64-bit FNV-1a of the stem's UTF-8 (checked against a Python implementation).
        #expect(Shard.number(of: "IMG_0001.HEIC") == 0x5fbf_dcec_5454_af7e)
        #expect(Shard(index: 2, count: 4)!.contains(relativePath: "IMG_0001.HEIC"))
        #expect(Shard.number(of: "2024/사진.jpg") == 0x4071_1405_06cd_96a3)
        #expect(Shard(index: 5, count: 7)!.contains(relativePath: "2024/사진.jpg"))
        for count in 2...9 {
            for index in 0..<count {
                let shard = Shard(index: index, count: count)!
                #expect(shard.contains(relativePath: "2024/IMG_0001.HEIC") == shard.contains(relativePath: "2024/IMG_0001.MOV"))
                #expect(shard.contains(relativePath: "x.y/IMG_7.jpg") == shard.contains(relativePath: "x.y/IMG_7.mov"))
            }
        }
    }

    /// `process` shares out days: every day in exactly one shard, by a fixed
    /// hash of its date, so that every photo of a day is; an undated photo by its path.
    @Test(arguments: [1, 2, 4, 7])
    func everyDayIsInExactlyOneShard(count: Int) throws {
        let shards = (0..<count).map { Shard(index: $0, count: count)! }
        let days = (0..<3650).map { offset in
            "20\(15 + offset / 365)-\(String(format: "%02d", 1 + offset % 365 / 31))-\(String(format: "%02d", 1 + offset % 31))"
        }
        var sizes = Array(repeating: 0, count: count)
        for day in days {
            let owners = shards.filter { $0.owns(day: day, relativePath: "a/IMG_1.jpg") }
            #expect(owners.count == 1, "\(day)")
            sizes[owners[0].index] += 1
            // The path does not matter once there is a day.
            #expect(owners[0].owns(day: day, relativePath: "z/other.heic"))
        }
        let even = Double(days.count) / Double(count)
        #expect(sizes.allSatisfy { abs(Double($0) - even) < even * 0.1 + 5 }, "\(sizes)")
        for path in Self.paths {
            #expect(shards.filter { $0.owns(day: nil, relativePath: path) } == shards.filter { $0.contains(relativePath: path) })
        }
    }

    @Test func theDayHashIsFixed() {
        // 64-bit FNV-1a of "YYYY-MM-DD" (checked against a Python implementation).
        #expect(Shard.fnv1a(Substring("2024-05-01").utf8[...]) == 0x8682_9559_1e05_d86d)
        #expect(Shard(index: 1, count: 4)!.owns(day: "2024-05-01", relativePath: "x.jpg"))
        #expect(Shard(index: 4, count: 7)!.owns(day: "2019-12-31", relativePath: "x.jpg"))
    }

    @Test func parsesKOverN() {
        #expect(Shard("0/4") == Shard(index: 0, count: 4))
        #expect(Shard("3/4")?.description == "3/4")
        for bad in ["4/4", "-1/4", "1", "1/0", "a/b", "1/4/5", "", "0/100001"] { #expect(Shard(bad) == nil, "\(bad)") }
    }

    @Test func slurmArraysCountFromTheirFirstTaskInSteps() throws {
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"]) == Shard(index: 3, count: 4))
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "5",
                                           "SLURM_ARRAY_TASK_COUNT": "4"]) == Shard(index: 3, count: 4))
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2",
                                           "SLURM_ARRAY_TASK_COUNT": "4"]) == Shard(index: 3, count: 4))
        #expect(throws: Shard.EnvironmentError.self) {
            try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_COUNT": "4"])
        }
        #expect(throws: Shard.EnvironmentError.self) { try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "1"]) }
    }

    @Test func kubernetesNeedsTheCompletionsPassedIn() throws {
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "2", "FILMROLL_SHARD_COUNT": "3"]) == Shard(index: 2, count: 3))
        do {
            _ = try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "2"])
            Issue.record("no count, no shard")
        } catch {
            #expect(error.description.contains("FILMROLL_SHARD_COUNT"))
        }
        #expect(throws: Shard.EnvironmentError.self) { try Shard.fromEnvironment([:]) }
        #expect(throws: Shard.EnvironmentError.self) {
            try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "x", "FILMROLL_SHARD_COUNT": "3"])
        }
    }
}

/// A writer leaves the catalog stamped as checked; any later write, by
/// anyone, undoes the stamp, and the next open checks again.
@Suite struct CatalogCheckStampTests {
    @Test func aWriterStampsTheFileAndAnyWriteUndoesIt() throws {
        let fixture = try PhotoFolderFixture([:])
        let path = fixture.catalogPath
        do {
            let catalog = try Catalog(folder: fixture.folder, access: .create)
            _ = try FolderIndexer(catalog: catalog, jobs: 1).run()
        }
        #expect(CatalogCheckStamp.matches(path))
        // A read leaves it as it is.
        _ = try Catalog(folder: fixture.folder, access: .read).stats()
        #expect(CatalogCheckStamp.matches(path))
        // A write by another program (no Catalog, no stamp).
        do {
            let raw = try Database(path: path, create: false)
            try raw.execute("PRAGMA wal_checkpoint(TRUNCATE); INSERT INTO process_runs VALUES ('x', 'y', 0, '', '')")
            try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        #expect(!CatalogCheckStamp.matches(path))
        _ = try Catalog(folder: fixture.folder, access: .write)
        #expect(CatalogCheckStamp.matches(path))
    }
}
