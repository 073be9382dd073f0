/// What the viewer of a GIF shows, as the palette colours written: where a
/// frame's colour is within `tolerance` of it, the frame writes
/// transparency instead, so the screen keeps its colour (no shimmer) and
/// transparent runs compress better. Applied in frame order, after the
/// frames were quantized in parallel; one screen of RGB.
struct ShownColors: Sendable {
    private var shown: [UInt8]
    let size: PixelSize
    let tolerance: Int

    init(size: PixelSize, tolerance: Int) {
        self.size = size
        self.tolerance = tolerance
        shown = [UInt8](repeating: 0, count: size.pixelCount * 3)
    }

    /// Makes `frame`'s colours that the screen already shows transparent
    /// (not for the first frame, which has no transparency), and records
    /// the others as shown.
    mutating func keep(_ frame: inout GIFAnimator.EncodedFrame, isFirst: Bool) {
        let rect = frame.rect, transparent = frame.transparentIndex ?? -1
        let size = self.size, tolerance = self.tolerance
        // Without a transparent entry (or for the first frame) every colour is written.
        let keepsShown = transparent >= 0 && !isFirst
        let palette = frame.palette
        palette.withUnsafeBufferPointer { palette in
            frame.indices.withUnsafeMutableBufferPointer { indices in
                shown.withUnsafeMutableBufferPointer { shown in
                    for y in 0..<rect.height {
                        for x in 0..<rect.width {
                            // Wrapping arithmetic: no overflow checks in the loop over every pixel.
                            let at = y &* rect.width &+ x
                            let entry = Int(indices[at])
                            if entry == transparent { continue }
                            let screen = ((rect.y &+ y) &* size.width &+ rect.x &+ x) &* 3, color = entry &* 3
                            if keepsShown,
                               Int((Int32(palette[color]) &- Int32(shown[screen])).magnitude) <= tolerance,
                               Int((Int32(palette[color &+ 1]) &- Int32(shown[screen &+ 1])).magnitude) <= tolerance,
                               Int((Int32(palette[color &+ 2]) &- Int32(shown[screen &+ 2])).magnitude) <= tolerance {
                                indices[at] = UInt8(transparent)
                            } else {
                                shown[screen] = palette[color]
                                shown[screen &+ 1] = palette[color &+ 1]
                                shown[screen &+ 2] = palette[color &+ 2]
                            }
                        }
                    }
                }
            }
        }
    }
}
