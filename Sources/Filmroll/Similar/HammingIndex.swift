/// Near neighbours among 64-bit fingerprints by multi-index hashing
/// (Norouzi, Punjani and Fleet, 2012), without comparing all pairs.
///
/// The codes are split into 4 blocks of 16 bits, and each block's values
/// index the codes in a table of 65,536 buckets (counting sort: offsets and
/// the codes in bucket order, so a bucket is read as one run). Two codes
/// within r = 4s + a bits (0 ≤ a < 4) differ by ≤ s bits in one of blocks
/// 0...a or by ≤ s − 1 in one of blocks a+1...3 (else they would differ
/// by more than r); a search probes, in each block, every value within
/// that radius of the query's, and checks each code it finds in full. A pair
/// is kept only from the first block where it qualifies, so it is found
/// once. Radius 8 probes 137 + 3 × 17 values: over a million random codes,
/// about 2,800 candidates a query; `pairs` joins whole buckets instead. A BK-tree prunes little at radius 8 on
/// 64 bits (about half the tree is visited), hence blocks. Radii of 16 and
/// more (s ≥ 4) fall back to a scan. Results equal a brute-force search.
public struct HammingIndex: Sendable {
    public let codes: [UInt64]
    /// For block b, bucket v: `starts[b * 65537 + v]..<starts[b * 65537 + v + 1]`.
    private let starts: [Int32]
    /// For block b, the indices of the codes in bucket order (`b * count + k`).
    private let members: [Int32]
    /// The codes in the same order as `members`.
    private let sorted: [UInt64]

    private static let blocks = 4
    private static let buckets = 1 << 16

    public init(_ codes: [UInt64]) {
        precondition(codes.count < Int(Int32.max), "too many codes for one index")
        self.codes = codes
        let count = codes.count, stride = Self.buckets + 1
        var starts = [Int32](repeating: 0, count: Self.blocks * stride)
        var members = [Int32](repeating: 0, count: Self.blocks * count)
        var sorted = [UInt64](repeating: 0, count: Self.blocks * count)
        for block in 0..<Self.blocks {
            let base = block * stride
            for code in codes { starts[base + Self.block(code, block) + 1] += 1 }
            for value in 0..<Self.buckets { starts[base + value + 1] += starts[base + value] }
            var next = Array(starts[base..<base + Self.buckets])
            for (index, code) in codes.enumerated() {
                let value = Self.block(code, block)
                let at = block * count + Int(next[value])
                next[value] += 1
                members[at] = Int32(index)
                sorted[at] = code
            }
        }
        self.starts = starts
        self.members = members
        self.sorted = sorted
    }

    public var count: Int { codes.count }

    /// Indices of the codes within `distance` bits of `code`, with their
    /// distances, in no set order.
    public func neighbours(of code: UInt64, within distance: Int) -> [(index: Int, distance: Int)] {
        var found: [(index: Int, distance: Int)] = []
        search(code, within: distance) { index, bits in found.append((index, bits)) }
        return found
    }

    /// The other codes within `distance` bits of the code at `index`.
    public func neighbours(ofIndex index: Int, within distance: Int) -> [(index: Int, distance: Int)] {
        neighbours(of: codes[index], within: distance).filter { $0.index != index }
    }

    /// Every pair of codes within `distance` bits, once, as
    /// (lower index, higher index, distance), sorted.
    ///
    /// Joins buckets rather than probing them code by code: in each block,
    /// for each mask within the block's limit, bucket v meets bucket
    /// v ^ mask for every v in order, so memory is read nearly in sequence
    /// (a probe per code per mask would wait on a cache miss each time).
    /// A few thousand codes, fewer pairs than the join visits buckets, are
    /// compared pair by pair.
    public func pairs(within distance: Int) -> [(Int, Int, Int)] {
        precondition(distance >= 0, "a distance is never negative")
        var pairs: [(Int, Int, Int)] = []
        guard let limits = Self.blockLimits(within: distance) else {
            for (first, code) in codes.enumerated() {
                search(code, within: distance) { second, bits in
                    if second > first { pairs.append((first, second, bits)) }
                }
            }
            pairs.sort { ($0.0, $0.1) < ($1.0, $1.1) }
            return pairs
        }
        let count = codes.count, stride = Self.buckets + 1
        // The join visits every bucket once a mask; fewer codes than that are compared pair by pair.
        let joinVisits = limits.filter { $0 >= 0 }.reduce(0) { $0 + Self.masks[$1].count } * Self.buckets / 2
        if count * (count - 1) / 2 <= joinVisits {
            for first in 0..<count {
                for second in first + 1..<count {
                    let bits = (codes[first] ^ codes[second]).nonzeroBitCount
                    if bits <= distance { pairs.append((first, second, bits)) }
                }
            }
            return pairs
        }
        starts.withUnsafeBufferPointer { starts in
            sorted.withUnsafeBufferPointer { sorted in
                members.withUnsafeBufferPointer { members in
                    for block in 0..<Self.blocks where limits[block] >= 0 {
                        let base = block * stride, offset = block * count
                        for mask in Self.masks[limits[block]] {
                            for value in 0..<Self.buckets where value ^ mask >= value {
                                let other = value ^ mask
                                let (low, high) = (Int(starts[base + value]), Int(starts[base + value + 1]))
                                let (otherLow, otherHigh) = (Int(starts[base + other]), Int(starts[base + other + 1]))
                                for first in low..<high {
                                    let code = sorted[offset + first]
                                    for second in (mask == 0 ? first + 1 : otherLow)..<otherHigh {
                                        let bits = (code ^ sorted[offset + second]).nonzeroBitCount
                                        guard bits <= distance,
                                              Self.firstQualifyingBlock(code, sorted[offset + second], limits) == block
                                        else { continue }
                                        let (i, j) = (Int(members[offset + first]), Int(members[offset + second]))
                                        pairs.append((min(i, j), max(i, j), bits))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        pairs.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        return pairs
    }

    /// Calls `found` once for each code within `distance` of `code`.
    private func search(_ code: UInt64, within distance: Int, _ found: (Int, Int) -> Void) {
        precondition(distance >= 0, "a distance is never negative")
        guard let limits = Self.blockLimits(within: distance) else {
            for (index, other) in codes.enumerated() {
                let bits = (code ^ other).nonzeroBitCount
                if bits <= distance { found(index, bits) }
            }
            return
        }
        let count = codes.count, stride = Self.buckets + 1
        starts.withUnsafeBufferPointer { starts in
            sorted.withUnsafeBufferPointer { sorted in
                members.withUnsafeBufferPointer { members in
                    for block in 0..<Self.blocks where limits[block] >= 0 {
                        let value = Self.block(code, block), base = block * stride
                        for mask in Self.masks[limits[block]] {
                            let probe = value ^ mask
                            for at in Int(starts[base + probe])..<Int(starts[base + probe + 1]) {
                                let other = sorted[block * count + at]
                                let bits = (code ^ other).nonzeroBitCount
                                guard bits <= distance,
                                      Self.firstQualifyingBlock(code, other, limits) == block else { continue }
                                found(Int(members[block * count + at]), bits)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The first block where the two codes differ by no more than its limit.
    /// How many bits each block may differ by for pairs within `distance`
    /// (for r = 4s + a: blocks 0…a allow s, the rest s − 1); nil from 16
    /// bits on, where every code is a candidate and a scan is faster.
    private static func blockLimits(within distance: Int) -> [Int]? {
        let (s, a) = (distance / blocks, distance % blocks)
        guard s < 4 else { return nil }
        return (0..<blocks).map { $0 <= a ? s : s - 1 }
    }

    private static func firstQualifyingBlock(_ a: UInt64, _ b: UInt64, _ limits: [Int]) -> Int {
        let difference = a ^ b
        for block in 0..<blocks where Self.block(difference, block).nonzeroBitCount <= limits[block] { return block }
        return blocks
    }

    private static func block(_ code: UInt64, _ block: Int) -> Int { Int((code >> UInt64(16 * block)) & 0xFFFF) }

    /// 16-bit masks of at most r set bits, for r in 0...3.
    private static let masks: [[Int]] = {
        let byWeight = (0...3).map { weight in (0..<(1 << 16)).filter { $0.nonzeroBitCount == weight } }
        return (0...3).map { r in byWeight[0...r].flatMap { $0 } }
    }()
}
