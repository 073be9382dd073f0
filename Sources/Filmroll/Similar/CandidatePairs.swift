/// The pairs of photos `SimilarPhotos` looks at closely, found without
/// comparing all pairs, and bounded however many photos share one picture
/// (a library that re-uses a picture thousands of times, a time-lapse).
///
/// Photos whose DCT hashes are equal are one class; `HammingIndex` finds
/// the classes within `radius` bits of each other (and each class meets
/// itself). Within two such classes, photos with capture times pair only
/// within `window` seconds (sorted by time, each looks at a window, not at
/// the class); a photo without one (a copy stripped of its metadata) pairs
/// with at most `untimedLimit` photos of the classes, which still finds its
/// set: copies chain through each other.
enum CandidatePairs {
    /// (lower index, higher index, bits between their hashes).
    static func find(codes: [UInt64], times: [Double?], radius: Int, window: Double,
                     untimedLimit: Int = 256) -> [(Int, Int, Int)] {
        var classOf: [UInt64: Int] = [:]
        var timed: [[Int]] = [], untimed: [[Int]] = []
        var classCodes: [UInt64] = []
        for (index, code) in codes.enumerated() {
            let found = classOf[code] ?? {
                classOf[code] = classCodes.count
                classCodes.append(code)
                timed.append([])
                untimed.append([])
                return classCodes.count - 1
            }()
            if times[index] != nil { timed[found].append(index) } else { untimed[found].append(index) }
        }
        for k in timed.indices { timed[k].sort { (times[$0]!, $0) < (times[$1]!, $1) } }
        var pairs: [(Int, Int, Int)] = []
        func add(_ a: Int, _ b: Int, _ bits: Int) { pairs.append(a < b ? (a, b, bits) : (b, a, bits)) }

        let classPairs = HammingIndex(classCodes).pairs(within: radius) + classCodes.indices.map { ($0, $0, 0) }
        for (a, b, bits) in classPairs {
            // Timed with timed, within the window.
            if a == b {
                let members = timed[a]
                for (i, x) in members.enumerated() {
                    var j = i + 1
                    while j < members.count, times[members[j]]! - times[x]! <= window {
                        add(x, members[j], bits)
                        j += 1
                    }
                }
            } else {
                let other = timed[b]
                for x in timed[a] {
                    let t = times[x]!
                    var j = firstIndex(in: other, atLeast: t - window, times: times)
                    while j < other.count, times[other[j]]! <= t + window {
                        add(x, other[j], bits)
                        j += 1
                    }
                }
            }
            // Untimed with anything, up to the limit each.
            if a == b {
                for (i, x) in untimed[a].enumerated() {
                    for y in (timed[a] + untimed[a][(i + 1)...]).prefix(untimedLimit) { add(x, y, bits) }
                }
            } else {
                for x in untimed[a] { for y in (timed[b] + untimed[b]).prefix(untimedLimit) { add(x, y, bits) } }
                for x in untimed[b] { for y in timed[a].prefix(untimedLimit) { add(x, y, bits) } }
            }
        }
        return pairs
    }

    /// The first position in `members` (sorted by time) whose time is at least `time`.
    private static func firstIndex(in members: [Int], atLeast time: Double, times: [Double?]) -> Int {
        var (low, high) = (0, members.count)
        while low < high {
            let middle = (low + high) / 2
            if times[members[middle]]! < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
