/// GSHHG's bins turned into closed rings whose even-odd fill is the land:
/// a level's parity says land (odd: land, island in a lake) or water (even:
/// sea, lake, pond), so every segment, whatever its level, parts land from
/// water. Inside a bin, each segment that crosses the bin is closed along the
/// bin's edge, over exactly the stretches of edge that are land; segments
/// closed inside the bin are rings of their own; a bin without crossings is
/// whole land or whole water by its corners.
enum ShoreRings {
    /// A position on a bin's edge, counter-clockwise from the south-west
    /// corner: 0 ..< 1 the south side, 1 ..< 2 the east, 2 ..< 3 the north, 3 ..< 4 the west.
    static func perimeter(side: Int, longitude: Double, latitude: Double, in bin: ShoreBins.Bin) -> Double {
        let u = min(1, max(0, (longitude - bin.west) / bin.size)), v = min(1, max(0, (latitude - bin.south) / bin.size))
        switch side {
        case 0: return u
        case 1: return 1 + v
        case 2: return 2 + (1 - u)
        default: return (3 + (1 - v)).truncatingRemainder(dividingBy: 4)
        }
    }

    /// Corner `k` (0 south-west, 1 south-east, 2 north-east, 3 north-west) of a bin.
    static func corner(_ k: Int, of bin: ShoreBins.Bin) -> GeoPoint {
        let east = k == 1 || k == 2, north = k >= 2
        return point(bin.west + (east ? bin.size : 0), bin.south + (north ? bin.size : 0))
    }

    /// A point of the file (longitude 0 ..< 360) as a map point (−180 ... 180).
    static func point(_ longitude: Double, _ latitude: Double) -> GeoPoint {
        GeoPoint(latitude: latitude, longitude: longitude > 180 ? longitude - 360 : longitude)
    }

    /// The rings of one bin (open ones closed along the edge) whose even-odd fill is its land.
    static func rings(_ bin: ShoreBins.Bin) -> [[GeoPoint]] {
        func points(_ segment: ShoreBins.Segment) -> [GeoPoint] {
            stride(from: 0, to: segment.points.count - 1, by: 2).map { point(segment.points[$0], segment.points[$0 + 1]) }
        }
        var rings: [[GeoPoint]] = []
        // Segment ends on the edge: (perimeter, segment, is its start).
        var ends: [(t: Double, segment: Int, start: Bool)] = []
        for (index, segment) in bin.segments.enumerated() where segment.points.count >= 4 {
            if segment.entry > 3 || segment.exit > 3 {
                rings.append(points(segment))
                continue
            }
            let count = segment.points.count
            ends.append((perimeter(side: segment.entry, longitude: segment.points[0], latitude: segment.points[1], in: bin), index, true))
            ends.append((perimeter(side: segment.exit, longitude: segment.points[count - 2], latitude: segment.points[count - 1], in: bin),
                         index, false))
        }
        let landAtStart = bin.cornerLevels[0] % 2 == 1
        guard !ends.isEmpty else {
            if landAtStart { rings.append((0..<4).map { corner($0, of: bin) }) }
            return rings
        }
        ends.sort { ($0.t, $0.segment, $0.start ? 0 : 1) < ($1.t, $1.segment, $1.start ? 0 : 1) }
        // The edge from end k to end k + 1 is land when an odd number of ends lie before it and the start is water, or the reverse.
        // Each end's partner along a land edge, and whether it lies counter-clockwise (forward) from the end.
        var arcPartner = [Int](repeating: -1, count: ends.count), arcForward = [Bool](repeating: false, count: ends.count)
        for k in ends.indices where (k % 2 == 0) != landAtStart {
            let next = (k + 1) % ends.count
            (arcPartner[k], arcForward[k]) = (next, true)
            (arcPartner[next], arcForward[next]) = (k, false)
        }
        var endsOf: [Int: (start: Int, end: Int)] = [:]   // segment → its two ends' positions in `ends`
        for (k, end) in ends.enumerated() {
            var entry = endsOf[end.segment] ?? (-1, -1)
            if end.start { entry.start = k } else { entry.end = k }
            endsOf[end.segment] = entry
        }
        var used = [Bool](repeating: false, count: ends.count)
        for first in ends.indices where !used[first] && arcPartner[first] >= 0 {
            var ring: [GeoPoint] = []
            var at = first
            // From an end: along its segment to the other end, then along the edge to the next segment.
            while !used[at] {
                let end = ends[at], pair = endsOf[end.segment]!
                let other = end.start ? pair.end : pair.start
                guard other >= 0 else { break }
                let path = points(bin.segments[end.segment])
                ring += end.start ? path : path.reversed()
                used[at] = true
                used[other] = true
                let partner = arcPartner[other]
                guard partner >= 0 else { break }
                ring += corners(from: ends[other].t, to: ends[partner].t, forward: arcForward[other], of: bin)
                at = partner
            }
            if ring.count >= 3 { rings.append(ring) }
        }
        return rings
    }

    /// The corners passed going along the edge from `t0` to `t1`, counter-clockwise when `forward`.
    static func corners(from t0: Double, to t1: Double, forward: Bool, of bin: ShoreBins.Bin) -> [GeoPoint] {
        var result: [GeoPoint] = []
        if forward {
            var distance = t1 - t0
            if distance < 0 { distance += 4 }
            var k = Int(t0.rounded(.down)) + 1
            while Double(k) < t0 + distance && result.count < 4 {
                result.append(corner(k % 4, of: bin))
                k += 1
            }
        } else {
            var distance = t0 - t1
            if distance < 0 { distance += 4 }
            var k = Int(t0.rounded(.up)) - 1
            if Double(k) >= t0 { k -= 1 }
            while Double(k) > t0 - distance && result.count < 4 {
                result.append(corner(((k % 4) + 4) % 4, of: bin))
                k -= 1
            }
        }
        return result
    }
}
