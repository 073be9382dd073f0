import Filmroll
import Testing
import TestSupport

/// Multi-index hashing finds exactly what comparing every pair finds.
@Suite struct HammingIndexTests {
    /// 20,000 random codes, 3,000 of them planted near another (0...12 bits flipped), some twice.
    static let codes: [UInt64] = {
        var random = SplitMix64(seed: 40)
        var codes = (0..<17_000).map { _ in random.next() }
        for _ in 0..<3_000 {
            var code = codes[random.below(codes.count)]
            for _ in 0..<random.below(13) { code ^= 1 << UInt64(random.below(64)) }
            codes.append(code)
        }
        return codes
    }()

    /// Every pair within 10 bits, by brute force.
    static let bruteForce: [(Int, Int, Int)] = codes.withUnsafeBufferPointer { codes in
        var pairs: [(Int, Int, Int)] = []
        for i in codes.indices {
            let code = codes[i]
            for j in (i + 1)..<codes.count {
                let bits = (code ^ codes[j]).nonzeroBitCount
                if bits <= 10 { pairs.append((i, j, bits)) }
            }
        }
        return pairs
    }

    @Test func pairsEqualBruteForceAtEveryRadius() {
        let index = HammingIndex(Self.codes)
        #expect(Self.bruteForce.count > 2_500, "the planted pairs are there")
        for radius in 0...10 {
            let expected = Self.bruteForce.filter { $0.2 <= radius }
            let found = index.pairs(within: radius)
            #expect(found.count == expected.count, "radius \(radius)")
            #expect(zip(found, expected).allSatisfy { $0 == $1 }, "radius \(radius)")
        }
    }

    /// A few codes are compared pair by pair (fewer pairs than the join visits buckets): the same pairs.
    @Test func aFewCodesGiveTheSamePairs() {
        let few = Array(Self.codes.suffix(400))
        let index = HammingIndex(few)
        for radius in [0, 6, 14] {
            var expected: [(Int, Int, Int)] = []
            for i in few.indices {
                for j in i + 1..<few.count where (few[i] ^ few[j]).nonzeroBitCount <= radius {
                    expected.append((i, j, (few[i] ^ few[j]).nonzeroBitCount))
                }
            }
            let found = index.pairs(within: radius)
            #expect(found.count == expected.count && zip(found, expected).allSatisfy { $0 == $1 }, "radius \(radius)")
        }
        #expect(index.pairs(within: 14).count > 0, "planted pairs among them")
    }

    @Test func neighboursEqualBruteForce() {
        let index = HammingIndex(Self.codes)
        var random = SplitMix64(seed: 9)
        for _ in 0..<200 {
            let at = 17_000 + random.below(3_000), radius = random.below(11)
            let expected = Self.codes.indices.filter { $0 != at && (Self.codes[$0] ^ Self.codes[at]).nonzeroBitCount <= radius }
            let found = index.neighbours(ofIndex: at, within: radius)
            #expect(found.map(\.index).sorted() == expected, "code \(at), radius \(radius)")
            #expect(found.allSatisfy { $0.distance == (Self.codes[$0.index] ^ Self.codes[at]).nonzeroBitCount })
        }
    }

    @Test func wideRadiiAndEmptyIndexesStillAnswer() {
        let codes: [UInt64] = [0, 0xFFFF, 0xFFFF_FFFF, .max]
        let index = HammingIndex(codes)
        #expect(index.pairs(within: 16).map { [$0.0, $0.1, $0.2] } == [[0, 1, 16], [1, 2, 16]])
        #expect(index.neighbours(of: 0, within: 64).count == 4)
        #expect(HammingIndex([]).pairs(within: 8).isEmpty)
        #expect(index.neighbours(of: 1, within: 0).isEmpty)
    }
}
