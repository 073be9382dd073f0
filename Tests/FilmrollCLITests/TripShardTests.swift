import Files
import Testing
import TestSupport

/// Four shards and a merge give the trips one run gives: each shard's day pages
/// name their trip before the merge, and the merge writes the trip pages
/// and maps byte for byte as one run does.
@Suite(.serialized) struct TripShardTests {
    /// Home in Seoul on 1–9 April, away in Helsinki on 20–26 April, two photos a day: a trip longer
    /// than any shard sees of it around its own days.
    static let days = Array(1...9) + Array(20...26)

    static func library(in folder: String) throws {
        try Folders.create(String(folder.dropLast(4)))
        try Folders.create(folder)
        for day in days {
            let (latitude, longitude) = day < 10 ? (37.5665, 126.978) : (60.1675, 24.946)
            for (part, hour) in [("a", 10), ("b", 15)] {
                let bytes = try BasemapProcessTests.photo(taken: "2025:04:\(day < 10 ? "0" : "")\(day) \(hour):00:00", latitude: latitude + Double(hour) / 10_000,
                                                          longitude: longitude)
                try AtomicFile.write(bytes, to: folder + "/IMG_\(day)\(part).jpg")
            }
        }
    }

    @Test func fourShardsThenAMergeGiveTheTripsOneRunGives() throws {
        let scratch = TemporaryFolder()
        // Named alike: the gallery is titled after its folder.
        let single = scratch.file("one/lib"), sharded = scratch.file("two/lib")
        try Self.library(in: single)
        try Self.library(in: sharded)
        #expect(try BinaryRun.run(["process", single, "--quiet"]).status == 0)
        let one = try GalleryBytes.of(single)
        #expect(one["trips/2025-04-20.html"] != nil && one["trips/2025-04-20-map.svg"] != nil)

        for shard in 0..<4 {
            let run = try BinaryRun.run(["process", sharded, "--shard", "\(shard)/4", "--quiet"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        // Before the merge: each day page as one run made it, its trip named; no trip page yet (it spans days).
        let before = try GalleryBytes.of(sharded)
        for day in Self.days {
            let path = "days/2025-04-\(day < 10 ? "0" : "")\(day).html"
            #expect(before[path] != nil && before[path] == one[path], "\(path)")
        }
        #expect(before["trips/2025-04-20.html"] == nil)
        #expect(String(decoding: before["days/2025-04-23.html"] ?? [], as: UTF8.self).contains("Helsinki, 20–26 April 2025"))

        let merge = try BinaryRun.run(["merge", sharded, "--quiet"])
        #expect(merge.status == 0, "\(merge.stderr)")
        let merged = try GalleryBytes.of(sharded)
        #expect(Set(merged.keys) == Set(one.keys), "\(Set(merged.keys).symmetricDifference(one.keys).sorted())")
        #expect(one.keys.filter { merged[$0] != one[$0] }.sorted().isEmpty)
    }
}
