/// The pairs of photos `SimilarPhotos` looks at closely, found without
/// comparing all pairs, and bounded however many photos share one picture
/// (a library that re-uses a picture thousands of times, a time-lapse).
///
/// Photos with capture times pair only within `window` seconds of each
/// other (sorted by time, each looks at its window, at most `windowLimit`
/// photos on) and `radius` bits: a
/// burst or a scene moments apart is in the window, and so is a copy that
/// kept its time. A photo without one (a copy stripped of its metadata)
/// pairs by its hash alone, within `copyRadius`: photos whose hashes are
/// equal are one class, `HammingIndex` finds the classes within that
/// radius of each other (and each class meets itself), and such a photo
/// pairs with at most `untimedLimit` photos of those classes, which still
/// finds its set: copies chain through each other.
enum CandidatePairs {
    /// (lower index, higher index, bits between their hashes).
    static func find(codes: [UInt64], times: [Double?], radius: Int, copyRadius: Int, window: Double,
                     untimedLimit: Int = 256, windowLimit: Int = 1024) -> [(Int, Int, Int)] {
        var pairs: [(Int, Int, Int)] = []
        func add(_ a: Int, _ b: Int, _ bits: Int) { pairs.append(a < b ? (a, b, bits) : (b, a, bits)) }

        // Timed with timed, within the window.
        let timed = codes.indices.filter { times[$0] != nil }.sorted { (times[$0]!, $0) < (times[$1]!, $1) }
        for (position, x) in timed.enumerated() {
            let (code, time) = (codes[x], times[x]!)
            var next = position + 1
            while next < timed.count, next - position <= windowLimit, times[timed[next]]! - time <= window {
                let y = timed[next]
                let bits = (code ^ codes[y]).nonzeroBitCount
                if bits <= radius { add(x, y, bits) }
                next += 1
            }
        }

        // Untimed with anything, by hash.
        guard times.contains(where: { $0 == nil }) else { return pairs }
        var classOf: [UInt64: Int] = [:]
        var timedIn: [[Int]] = [], untimedIn: [[Int]] = []
        var classCodes: [UInt64] = []
        for (index, code) in codes.enumerated() {
            let found = classOf[code] ?? {
                classOf[code] = classCodes.count
                classCodes.append(code)
                timedIn.append([])
                untimedIn.append([])
                return classCodes.count - 1
            }()
            if times[index] != nil { timedIn[found].append(index) } else { untimedIn[found].append(index) }
        }
        let classPairs = HammingIndex(classCodes).pairs(within: copyRadius) + classCodes.indices.map { ($0, $0, 0) }
        // The first `untimedLimit` of `first` then `second`, without joining them.
        func partners(_ first: [Int], _ second: ArraySlice<Int>) -> [Int] {
            Array(first.prefix(untimedLimit)) + second.prefix(max(0, untimedLimit - first.count))
        }
        for (a, b, bits) in classPairs where !untimedIn[a].isEmpty || !untimedIn[b].isEmpty {
            if a == b {
                for (i, x) in untimedIn[a].enumerated() {
                    for y in partners(timedIn[a], untimedIn[a][(i + 1)...]) { add(x, y, bits) }
                }
            } else {
                let ofB = partners(timedIn[b], untimedIn[b][...])
                for x in untimedIn[a] { for y in ofB { add(x, y, bits) } }
                for x in untimedIn[b] { for y in timedIn[a].prefix(untimedLimit) { add(x, y, bits) } }
            }
        }
        return pairs
    }
}
