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
        var mask = ChangeMask(size: frame.size)
        let tolerance = self.tolerance
        frame.pixels.withUnsafeBufferPointer { pixels in
            shown.withUnsafeMutableBufferPointer { shown in
                for index in 0..<(frame.width * frame.height) {
                    let at = index * 4
                    let difference = max(abs(Int(pixels[at]) - Int(shown[at])), abs(Int(pixels[at + 1]) - Int(shown[at + 1])),
                                         abs(Int(pixels[at + 2]) - Int(shown[at + 2])))
                    if difference > tolerance {
                        mask.mark(index)
                        shown[at] = pixels[at]; shown[at + 1] = pixels[at + 1]; shown[at + 2] = pixels[at + 2]
                    }
                }
            }
        }
        self.shown = shown
        // A frame that changes nothing still needs one pixel to carry its delay.
        if mask.bounds == nil { mask.mark(0) }
        return mask
    }
}
