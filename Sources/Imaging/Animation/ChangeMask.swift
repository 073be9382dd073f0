/// The pixels of a frame that changed, and their bounding rectangle.
struct ChangeMask: Sendable {
    let size: PixelSize
    private var changed: [Bool]
    private var count = 0
    private var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

    init(size: PixelSize) {
        self.size = size
        changed = [Bool](repeating: false, count: size.pixelCount)
    }

    /// A mask whose flags (one per pixel, row after row) `fill` sets, returning
    /// how many it set and their bounds (minX, minY, maxX, maxY; maxX < 0 when none).
    init(size: PixelSize, filling fill: (UnsafeMutableBufferPointer<Bool>) -> (count: Int, bounds: (Int, Int, Int, Int))) {
        self.size = size
        var flags = [Bool](repeating: false, count: size.pixelCount)
        let (count, bounds) = flags.withUnsafeMutableBufferPointer { fill($0) }
        changed = flags
        self.count = count
        (minX, minY, maxX, maxY) = bounds
    }

    mutating func mark(_ index: Int) {
        if !changed[index] { count += 1 }
        changed[index] = true
        let x = index % size.width, y = index / size.width
        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
    }

    func isChanged(x: Int, y: Int) -> Bool { changed[y * size.width + x] }

    /// Calls `body` with the flags, row after row (one per pixel of the frame).
    func withFlags<Result>(_ body: (UnsafeBufferPointer<Bool>) -> Result) -> Result {
        changed.withUnsafeBufferPointer(body)
    }

    /// The share of the frame's pixels that changed, 0 to 1.
    var changedFraction: Double { Double(count) / Double(max(1, size.pixelCount)) }

    var bounds: PixelRect? {
        maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
