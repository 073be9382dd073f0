extension NearestColor {
    /// The candidate lists of one grid's cells, made when first needed.
    ///
    /// An entry is packed as index << 24 | r << 16 | g << 8 | b, and a
    /// listed item carries its squared distance to the cell above that, so
    /// items sort by distance to the cell, then index. Lists follow one
    /// another in `items`, each ended by `end`; `lookahead` slots of
    /// `end` past the last list let a reader take any list's first
    /// `lookahead` slots at once.
    final class CellLists {
        /// A cell whose list is not made yet.
        static let unlisted: Int64 = -1
        /// Ends every list: farther from the cell than any colour can be.
        static let end = UInt64.max
        /// Slots a reader may take at once from a list's start.
        static let lookahead = 4
        let shift: UInt8
        let side: Int
        let levels: Int32
        /// Each cell's list: where it starts in `items`; when it holds one
        /// entry, that entry as -2 - packed (`single`); `unlisted` until made.
        let lists: UnsafeMutablePointer<Int64>
        private(set) var items: UnsafeMutablePointer<UInt64>
        private var used = 0, capacity = 4096
        /// The list being made, before it is sorted.
        private let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)

        init(levelsPerCell: Int) {
            shift = UInt8(levelsPerCell.trailingZeroBitCount)
            levels = Int32(levelsPerCell)
            side = 256 / levelsPerCell
            let cells = side * side * side
            lists = .allocate(capacity: cells)
            lists.initialize(repeating: Self.unlisted, count: cells)
            items = .allocate(capacity: capacity + Self.lookahead)
            items.initialize(repeating: Self.end, count: capacity + Self.lookahead)
        }

        deinit {
            lists.deallocate()
            items.deallocate()
            scratch.deallocate()
        }

        static func pack(index: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt64 {
            UInt64(index) << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        }

        /// The packed entry of a list that holds only it.
        @inline(__always)
        static func single(_ list: Int64) -> UInt64 { UInt64(-2 - list) }

        @inline(__always)
        func cell(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
            (Int(r &>> shift) &* side &+ Int(g &>> shift)) &* side &+ Int(b &>> shift)
        }

        /// Calls `body` with the items of a made list (without its end).
        func withList<Result>(_ cell: Int, _ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
            let list = lists[cell]
            if list < 0 {
                var item = Self.single(list)
                return withUnsafePointer(to: &item) { body(UnsafeBufferPointer(start: $0, count: 1)) }
            }
            let start = items + Int(list)
            var count = 0
            while start[count] != Self.end { count += 1 }
            return body(UnsafeBufferPointer(start: start, count: count))
        }

        /// Lists, for `cell`, the `candidates` (packed, in their low 32 bits)
        /// that can be nearest to some colour in it.
        func list(_ cell: Int, from candidates: UnsafeBufferPointer<UInt64>) {
            let low = SIMD4<Int32>(Int32(cell / (side * side)), Int32(cell / side % side), Int32(cell % side), 0) &* levels
            let high = low &+ SIMD4(repeating: levels - 1)
            // The guide: the candidate whose farthest point of the cell is nearest.
            var guide = candidates[0], nearestFar = Int32.max
            for candidate in candidates {
                let color = Self.color(candidate)
                let far = pointwiseMax(color &- low, high &- color)
                let distance = (far &* far).wrappedSum()
                if distance < nearestFar { (guide, nearestFar) = (candidate, distance) }
            }
            // Keeps those the guide does not beat all over the cell. The guide's
            // lead over an entry e, |x - guide|² - |x - e|², is linear in x, so
            // it is least at one corner.
            let guideColor = Self.color(guide), guideSquare = (guideColor &* guideColor).wrappedSum()
            let guideIndex = guide >> 24 & 255
            var count = 0
            for candidate in candidates {
                let color = Self.color(candidate), step = color &- guideColor
                let corner = low.replacing(with: high, where: step .> 0)
                let lead = 2 &* (corner &* step).wrappedSum() &+ guideSquare &- (color &* color).wrappedSum()
                if lead < 0 || (lead == 0 && guideIndex < candidate >> 24 & 255) { continue }
                let near = pointwiseMax(pointwiseMax(low &- color, color &- high), SIMD4(repeating: 0))
                scratch[count] = UInt64((near &* near).wrappedSum()) << 32 | (candidate & 0xFFFF_FFFF)
                count += 1
            }
            if count == 1 {
                lists[cell] = -2 - Int64(scratch[0])
                return
            }
            // Insertion sort: lists are short.
            for index in 1..<count {
                let item = scratch[index]
                var at = index
                while at > 0 && scratch[at - 1] > item {
                    scratch[at] = scratch[at - 1]
                    at -= 1
                }
                scratch[at] = item
            }
            if used + count + 1 > capacity { grow(to: max(capacity * 2, used + count + 1)) }
            lists[cell] = Int64(used)
            (items + used).update(from: scratch, count: count)
            items[used + count] = Self.end
            used += count + 1
        }

        /// An entry's r, g, b (and 0).
        @inline(__always)
        private static func color(_ item: UInt64) -> SIMD4<Int32> {
            SIMD4(Int32(truncatingIfNeeded: item >> 16 & 255), Int32(truncatingIfNeeded: item >> 8 & 255),
                  Int32(truncatingIfNeeded: item & 255), 0)
        }

        private func grow(to newCapacity: Int) {
            let newItems = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity + Self.lookahead)
            newItems.initialize(from: items, count: used)
            (newItems + used).initialize(repeating: Self.end, count: newCapacity + Self.lookahead - used)
            items.deallocate()
            items = newItems
            capacity = newCapacity
        }
    }
}
