extension Image {
    /// `opaque().boxShrunk(by: 2)` in one pass, without the opaque copy:
    /// each pixel the rounded mean of a 2 × 2 block (a block at an odd edge
    /// counts its one row or column twice, which rounds the same), alpha
    /// 255. The sample a frame's own palette is built from.
    func opaqueHalfSize() -> Image {
        precondition(format == .rgba8)
        let outWidth = (width + 1) / 2, outHeight = (height + 1) / 2
        let (width, height, bytesPerRow) = (self.width, self.height, self.bytesPerRow)
        return pixels.withUnsafeBufferPointer { input in
            Image(width: outWidth, height: outHeight, format: .rgba8, colorSpace: colorSpace) { output in
                for y in 0..<outHeight {
                    let top = input.baseAddress! + 2 * y * bytesPerRow
                    let bottom = 2 * y + 1 < height ? top + bytesPerRow : top
                    let row = output.baseAddress! + y * outWidth * 4
                    for x in 0..<outWidth {
                        let left = 8 * x, right = 2 * x + 1 < width ? left + 4 : left
                        for channel in 0..<3 {
                            let sum = UInt32(top[left + channel]) &+ UInt32(top[right + channel])
                                &+ UInt32(bottom[left + channel]) &+ UInt32(bottom[right + channel])
                            row[4 * x + channel] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
                        }
                        row[4 * x + 3] = 255
                    }
                }
            }
        }
    }
}
