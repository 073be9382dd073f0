/// The pixels of a frame that changed, and their bounding rectangle.
struct ChangeMask: Sendable {
    let size: PixelSize
    private var changed: [Bool]
    private var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    /// How many pixels changed.
    private(set) var count = 0

    init(size: PixelSize) {
        self.size = size
        changed = [Bool](repeating: false, count: size.pixelCount)
    }

    /// A mask whose flags (one per pixel, row after row) `fill` sets, returning
    /// their bounds (minX, minY, maxX, maxY; maxX < 0 when none) and how many it set.
    init(size: PixelSize, filling fill: (UnsafeMutableBufferPointer<Bool>) -> (Int, Int, Int, Int, Int)) {
        self.size = size
        var flags = [Bool](repeating: false, count: size.pixelCount)
        let bounds = flags.withUnsafeMutableBufferPointer { fill($0) }
        changed = flags
        (minX, minY, maxX, maxY, count) = bounds
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

    /// Whether every pixel of `bounds` changed (none in it is kept).
    var fillsBounds: Bool {
        bounds.map { $0.width * $0.height == count } ?? false
    }

    var bounds: PixelRect? {
        maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
