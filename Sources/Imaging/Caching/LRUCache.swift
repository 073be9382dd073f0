import Files

/// A thread-safe least-recently-used cache in which each entry has a cost.
///
/// The engine behind the public caches: entries live in a dictionary of
/// keys to slots and in a doubly-linked list threaded through those slots
/// (least recent at the head), so lookups, inserts and removals are O(1).
/// After each insert the least recently used entries go until both the
/// total cost and the count are within their limits.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most the costs of all entries may add up to.
    let costLimit: Int
    /// The most entries the cache holds.
    let countLimit: Int
    /// An entry costing more than this is not stored at all.
    let entryCostLimit: Int

    private let state: Locked<State>

    /// A cache that is empty and holds at most the given cost and count.
    init(costLimit: Int, countLimit: Int, entryCostLimit: Int = .max) {
        precondition(costLimit >= 0 && countLimit >= 0 && entryCostLimit >= 0, "cache limits are never negative")
        self.costLimit = costLimit
        self.countLimit = countLimit
        self.entryCostLimit = entryCostLimit
        self.state = Locked(State())
    }

    /// The value stored for `key`, which becomes the most recently used.
    func value(forKey key: Key) -> Value? {
        state.withLock { state in
            guard let slot = state.slots[key] else { return nil }
            state.moveToTail(slot)
            return state.nodes[slot]!.value
        }
    }

    /// Stores `value` as the most recently used entry, replacing any entry
    /// for `key`, then evicts the least recently used entries over the limits.
    ///
    /// A value that alone exceeds `entryCostLimit`, `costLimit` or
    /// `countLimit` is not stored; it evicts nothing, but it does remove the
    /// old entry for `key`, which would otherwise be served stale.
    func set(_ value: Value, forKey key: Key, cost: Int) {
        precondition(cost >= 0, "an entry's cost is never negative")
        state.withLock { state in
            if let slot = state.slots[key] { state.remove(slot) }
            guard cost <= entryCostLimit, cost <= costLimit, countLimit > 0 else { return }
            state.append(key: key, value: value, cost: cost)
            while state.totalCost > costLimit || state.slots.count > countLimit, let head = state.head {
                state.remove(head)
            }
        }
    }

    /// Removes the entry for `key`, if there is one.
    func removeValue(forKey key: Key) {
        state.withLock { state in
            if let slot = state.slots[key] { state.remove(slot) }
        }
    }

    /// Removes every entry.
    func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The costs of all entries added up.
    var totalCost: Int { state.withLock { $0.totalCost } }

    /// The number of entries.
    var totalCount: Int { state.withLock { $0.slots.count } }

    /// The keys in the order they would be evicted: least recently used first.
    var keysByRecency: [Key] {
        state.withLock { state in
            var keys: [Key] = []
            keys.reserveCapacity(state.slots.count)
            var slot = state.head
            while let current = slot {
                keys.append(state.nodes[current]!.key)
                slot = state.nodes[current]!.next
            }
            return keys
        }
    }
}

extension LRUCache {
    /// One entry and its neighbours in the recency list.
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var previous: Int?
        var next: Int?
    }

    /// The entries, kept in slots of an array and linked by slot index;
    /// a freed slot is reused by the next insert.
    private struct State {
        var slots: [Key: Int] = [:]
        var nodes: [Node?] = []
        var freeSlots: [Int] = []
        /// The least recently used entry.
        var head: Int?
        /// The most recently used entry.
        var tail: Int?
        var totalCost = 0

        /// Adds an entry for a key that is not in the cache, as the most recent.
        mutating func append(key: Key, value: Value, cost: Int) {
            let node = Node(key: key, value: value, cost: cost, previous: nil, next: nil)
            let slot: Int
            if let free = freeSlots.popLast() {
                slot = free
                nodes[slot] = node
            } else {
                slot = nodes.count
                nodes.append(node)
            }
            slots[key] = slot
            totalCost += cost
            link(slot)
        }

        /// Removes the entry in `slot` and releases its value.
        mutating func remove(_ slot: Int) {
            unlink(slot)
            let node = nodes[slot]!
            slots[node.key] = nil
            totalCost -= node.cost
            nodes[slot] = nil
            freeSlots.append(slot)
        }

        /// Makes the entry in `slot` the most recently used.
        mutating func moveToTail(_ slot: Int) {
            guard slot != tail else { return }
            unlink(slot)
            link(slot)
        }

        /// Links an unlinked slot in after the tail.
        private mutating func link(_ slot: Int) {
            nodes[slot]!.previous = tail
            nodes[slot]!.next = nil
            if let tail { nodes[tail]!.next = slot } else { head = slot }
            tail = slot
        }

        /// Takes a slot out of the list, joining its neighbours.
        private mutating func unlink(_ slot: Int) {
            let previous = nodes[slot]!.previous
            let next = nodes[slot]!.next
            if let previous { nodes[previous]!.next = next } else { head = next }
            if let next { nodes[next]!.previous = previous } else { tail = previous }
            nodes[slot]!.previous = nil
            nodes[slot]!.next = nil
        }
    }
}
