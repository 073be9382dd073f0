import Dispatch
@testable import Imaging
import Synchronization
import Testing

@Suite struct LRUCacheTests {
    @Test func leastRecentlyUsedGoesFirst() {
        // Given a cache full at three entries
        let cache = LRUCache<String, Int>(costLimit: 100, countLimit: 3)
        cache.set(1, forKey: "a", cost: 1)
        cache.set(2, forKey: "b", cost: 1)
        cache.set(3, forKey: "c", cost: 1)
        #expect(cache.keysByRecency == ["a", "b", "c"])

        // When "a" is read, then a fourth entry arrives
        #expect(cache.value(forKey: "a") == 1)
        cache.set(4, forKey: "d", cost: 1)

        // Then "b", now the least recent, is the one evicted
        #expect(cache.keysByRecency == ["c", "a", "d"])
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.value(forKey: "a") == 1)
    }

    @Test func costLimitEvictsUntilWithin() {
        let cache = LRUCache<String, Int>(costLimit: 10, countLimit: 100)
        cache.set(1, forKey: "a", cost: 4)
        cache.set(2, forKey: "b", cost: 4)
        cache.set(3, forKey: "c", cost: 4)   // 12 > 10: "a" goes
        #expect(cache.keysByRecency == ["b", "c"])
        #expect(cache.totalCost == 8)

        cache.set(4, forKey: "d", cost: 9)   // 17 > 10: "b" and "c" go
        #expect(cache.keysByRecency == ["d"])
        #expect(cache.totalCost == 9)
    }

    @Test func costIsAccountedAcrossSetReplaceAndRemove() {
        let cache = LRUCache<String, String>(costLimit: 1_000, countLimit: 100)
        cache.set("x", forKey: "a", cost: 10)
        cache.set("y", forKey: "b", cost: 20)
        #expect(cache.totalCost == 30)
        #expect(cache.totalCount == 2)

        // Replacing swaps the cost and makes the key the most recent
        cache.set("z", forKey: "a", cost: 5)
        #expect(cache.totalCost == 25)
        #expect(cache.totalCount == 2)
        #expect(cache.value(forKey: "a") == "z")
        #expect(cache.keysByRecency == ["b", "a"])

        cache.removeValue(forKey: "b")
        #expect(cache.totalCost == 5)
        #expect(cache.totalCount == 1)
        cache.removeValue(forKey: "missing")
        #expect(cache.totalCost == 5)

        cache.removeAll()
        #expect(cache.totalCost == 0)
        #expect(cache.totalCount == 0)
        #expect(cache.keysByRecency.isEmpty)

        // Freed slots are reused without mixing up entries
        cache.set("p", forKey: "p", cost: 1)
        cache.set("q", forKey: "q", cost: 2)
        #expect(cache.keysByRecency == ["p", "q"])
        #expect(cache.totalCost == 3)
    }

    @Test func countLimitKeepsTheMostRecent() {
        let cache = LRUCache<Int, Int>(costLimit: .max, countLimit: 2)
        for key in 0..<5 { cache.set(key * 10, forKey: key, cost: 0) }
        #expect(cache.totalCount == 2)
        #expect(cache.keysByRecency == [3, 4])
    }

    @Test func oversizedEntryIsNotStoredAndEvictsNothing() {
        // Given a cache with two small entries
        let cache = LRUCache<String, Int>(costLimit: 100, countLimit: 10, entryCostLimit: 30)
        cache.set(1, forKey: "a", cost: 20)
        cache.set(2, forKey: "b", cost: 20)

        // When an entry costs more than one entry may
        cache.set(3, forKey: "big", cost: 31)

        // Then it is not stored and the others stay
        #expect(cache.value(forKey: "big") == nil)
        #expect(cache.keysByRecency == ["a", "b"])
        #expect(cache.totalCost == 40)

        // An entry exactly at the limit is stored
        cache.set(4, forKey: "edge", cost: 30)
        #expect(cache.value(forKey: "edge") == 4)
    }

    @Test func oversizedReplacementDropsTheStaleEntry() {
        let cache = LRUCache<String, Int>(costLimit: 100, countLimit: 10, entryCostLimit: 30)
        cache.set(1, forKey: "a", cost: 10)
        cache.set(2, forKey: "a", cost: 50)
        #expect(cache.value(forKey: "a") == nil)
        #expect(cache.totalCost == 0)
    }

    @Test func entryAboveTheTotalLimitIsNotStored() {
        let cache = LRUCache<String, Int>(costLimit: 10, countLimit: 10)
        cache.set(1, forKey: "a", cost: 5)
        cache.set(2, forKey: "huge", cost: 11)
        #expect(cache.keysByRecency == ["a"])
        #expect(cache.totalCost == 5)
    }

    @Test func concurrentUseKeepsTotalsConsistent() {
        // Given a cache smaller than the set of keys used
        let cache = LRUCache<Int, [UInt8]>(costLimit: 1_000, countLimit: 50)
        let wrongValues = Atomic(0)

        // When many threads set, read and remove at once
        DispatchQueue.concurrentPerform(iterations: 10_000) { iteration in
            let key = iteration % 97
            cache.set([UInt8](repeating: UInt8(key), count: 4), forKey: key, cost: 1 + key % 20)
            let other = (key * 7) % 97
            if let value = cache.value(forKey: other), value != [UInt8](repeating: UInt8(other), count: 4) {
                wrongValues.add(1, ordering: .relaxed)
            }
            if iteration % 13 == 0 { cache.removeValue(forKey: (key + 1) % 97) }
        }

        // Then the totals match the entries and stay within the limits
        #expect(wrongValues.load(ordering: .relaxed) == 0)
        let keys = cache.keysByRecency
        #expect(keys.count == cache.totalCount)
        #expect(Set(keys).count == keys.count)
        #expect(cache.totalCount <= 50)
        #expect(cache.totalCost <= 1_000)
        #expect(cache.totalCost == keys.reduce(0) { $0 + 1 + $1 % 20 })
        for key in keys { #expect(cache.value(forKey: key) == [UInt8](repeating: UInt8(key), count: 4)) }
    }
}
