/// What the viewer of a differenced GIF shows, as source values: each
/// pixel holds the value last written there. Tells which pixels a new
/// frame changes against it, one frame at a time, so an encoder keeps one
/// screen instead of every frame.
struct ChangeTracker: Sendable {
    private var shown: [UInt8]?
    let tolerance: Int

    /// - Parameter tolerance: the largest per-channel difference that counts as unchanged.
    init(tolerance: Int) {
        self.tolerance = tolerance
    }

    /// The pixels of `frame` (RGBA8, the canvas's size) that differ from
    /// what is shown by more than the tolerance, which then show them. nil
    /// for the first frame: all of it is written.
    mutating func changes(in frame: Image) -> ChangeMask? {
        guard var shown else {
            self.shown = frame.pixels
            return nil
        }
        self.shown = nil   // one owner while it is updated: no copy
        let tolerance = self.tolerance, width = frame.width, height = frame.height
        var mask = frame.pixels.withUnsafeBufferPointer { pixels in
            shown.withUnsafeMutableBufferPointer { shown in
                ChangeMask(size: frame.size) { flags in
                    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1, count = 0
                    for y in 0..<height {
                        var rowMin = Int.max, rowMax = -1
                        for x in 0..<width {
                            // Wrapping arithmetic: no overflow checks in the loop over every pixel.
                            let index = y &* width &+ x, at = index &* 4
                            let red = Int((Int32(pixels[at]) &- Int32(shown[at])).magnitude)
                            let green = Int((Int32(pixels[at &+ 1]) &- Int32(shown[at &+ 1])).magnitude)
                            let blue = Int((Int32(pixels[at &+ 2]) &- Int32(shown[at &+ 2])).magnitude)
                            if red > tolerance || green > tolerance || blue > tolerance {
                                flags[index] = true
                                count &+= 1
                                if rowMin == Int.max { rowMin = x }
                                rowMax = x
                                shown[at] = pixels[at]; shown[at &+ 1] = pixels[at &+ 1]; shown[at &+ 2] = pixels[at &+ 2]
                            }
                        }
                        if rowMax >= 0 {
                            minX = min(minX, rowMin); maxX = max(maxX, rowMax)
                            minY = min(minY, y); maxY = y
                        }
                    }
                    return (minX, minY, maxX, maxY, count)
                }
            }
        }
        self.shown = shown
        // A frame that changes nothing still needs one pixel to carry its delay.
        if mask.bounds == nil { mask.mark(0) }
        return mask
    }
}
