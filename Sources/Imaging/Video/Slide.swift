/// One photo made ready for a slideshow: its picture, decoded `zoomRoom`
/// times larger than it shows at 100% (so the closest zoom still has a
/// pixel of picture per pixel of canvas), and where it sits on the canvas.
struct Slide: Sendable {
    /// RGB8, upright, sRGB.
    let picture: Image
    let canvas: PixelSize
    let background: RGBColor
    /// The picture's rectangle on the canvas at 100%, centred:
    /// the whole canvas for `cover`, the fitted photo for `contain`.
    let baseWidth: Double
    let baseHeight: Double

    /// `picture` is the photo at the last size it is resized to (each frame
    /// only samples it), so one still in its file's colours is converted here.
    init(picture: Image, canvas: PixelSize, zoomRoom: Double, background: RGBColor) {
        self.picture = picture.convertedToSRGB().flattened(over: background)
        self.canvas = canvas
        self.background = background
        baseWidth = Double(picture.width) / zoomRoom
        baseHeight = Double(picture.height) / zoomRoom
    }

    /// The frame at 100% with no zoom, when the picture is decoded at the
    /// size it shows: the picture placed in the middle of the canvas.
    func still() -> Image {
        if picture.size == canvas { return picture }
        var frame = Image.filled(canvas, with: background)
        frame.place(picture, at: ((canvas.width - picture.width) / 2, (canvas.height - picture.height) / 2))
        return frame
    }

    /// The frame at `zoom` (1 is 100%) with the centre of the view at
    /// `center` (0...1 across the picture each way), resampled bilinearly:
    /// from at most `zoomRoom` times the canvas's resolution, so nothing
    /// aliases. The picture's edges are antialiased against the background.
    ///
    /// Separable: each picture row the frame needs is interpolated across
    /// once (10-bit weights), kept while the next canvas row may use it,
    /// and pairs of such rows are blended down, in loops the compiler
    /// vectorises.
    func frame(zoom: Double, center: (x: Double, y: Double)) -> Image {
        let columns = Axis(count: canvas.width, center: center.x, scale: baseWidth * zoom, samples: picture.width, step: 3)
        let rows = Axis(count: canvas.height, center: center.y, scale: baseHeight * zoom, samples: picture.height,
                        step: 1)
        let width = canvas.width, rowLength = width * 3, stride = picture.bytesPerRow
        let back = [background.red, background.green, background.blue]
        // The columns the picture reaches; outside them, the background.
        let firstColumn = columns.cover.firstIndex { $0 > 0 } ?? width
        let lastColumn = (columns.cover.lastIndex { $0 > 0 } ?? -1) + 1
        let partialColumns = (firstColumn..<lastColumn).filter { columns.cover[$0] < 1024 }
        // Two picture rows interpolated across, by picture row.
        var across = [[UInt32]](repeating: [UInt32](repeating: 0, count: rowLength), count: 2)
        var holds = [-1, -1]
        return picture.pixels.withUnsafeBufferPointer { source in
            Image(width: canvas.width, height: canvas.height, format: .rgb8) { target in
                func interpolate(row: Int, into slot: Int) {
                    let from = source.baseAddress! + row * stride
                    across[slot].withUnsafeMutableBufferPointer { out in
                        columns.first.withUnsafeBufferPointer { left in
                            columns.second.withUnsafeBufferPointer { right in
                                columns.weight.withUnsafeBufferPointer { weight in
                                    for x in firstColumn..<lastColumn {
                                        let l = left[x], r = right[x], w = UInt32(weight[x]), w0 = 1024 - w
                                        out[x * 3] = UInt32(from[l]) &* w0 &+ UInt32(from[r]) &* w
                                        out[x * 3 + 1] = UInt32(from[l + 1]) &* w0 &+ UInt32(from[r + 1]) &* w
                                        out[x * 3 + 2] = UInt32(from[l + 2]) &* w0 &+ UInt32(from[r + 2]) &* w
                                    }
                                }
                            }
                        }
                    }
                    holds[slot] = row
                }
                func slot(for row: Int, avoiding other: Int) -> Int {
                    if let found = holds.firstIndex(of: row) { return found }
                    let free = holds[0] == other ? 1 : 0
                    interpolate(row: row, into: free)
                    return free
                }
                for y in 0..<rows.count {
                    let out = target.baseAddress! + y * rowLength
                    let rowCover = UInt32(rows.cover[y])
                    if rowCover == 0 || firstColumn >= lastColumn {
                        for x in 0..<width { out[x * 3] = back[0]; out[x * 3 + 1] = back[1]; out[x * 3 + 2] = back[2] }
                        continue
                    }
                    for x in 0..<firstColumn { out[x * 3] = back[0]; out[x * 3 + 1] = back[1]; out[x * 3 + 2] = back[2] }
                    for x in lastColumn..<width { out[x * 3] = back[0]; out[x * 3 + 1] = back[1]; out[x * 3 + 2] = back[2] }
                    let upper = slot(for: rows.first[y], avoiding: -1)
                    let lower = slot(for: rows.second[y], avoiding: rows.first[y])
                    let wy = UInt32(rows.weight[y]), wy0 = 1024 - wy
                    across[upper].withUnsafeBufferPointer { top in
                        across[lower].withUnsafeBufferPointer { bottom in
                            // 20 fraction bits: at most 255 × 2^20, within 32 bits.
                            for index in firstColumn * 3..<lastColumn * 3 {
                                out[index] = UInt8(truncatingIfNeeded: (top[index] &* wy0 &+ bottom[index] &* wy &+ (1 << 19)) >> 20)
                            }
                        }
                    }
                    // The picture's edges: partly covered pixels, mixed with the background.
                    let edgeColumns = rowCover < 1024 ? Array(firstColumn..<lastColumn) : partialColumns
                    for x in edgeColumns {
                        let cover = (UInt32(columns.cover[x]) &* rowCover &+ 512) >> 10, rest = 1024 - cover
                        for channel in 0..<3 {
                            let value = UInt32(out[x * 3 + channel]) &* cover &+ UInt32(back[channel]) &* rest &+ 512
                            out[x * 3 + channel] = UInt8(truncatingIfNeeded: value >> 10)
                        }
                    }
                }
            }
        }
    }

    /// Where each canvas column (or row) samples the picture: the byte
    /// offsets of the two neighbouring samples, the second's weight
    /// (0...1024), and how much of the canvas pixel the picture covers (0...1024).
    private struct Axis {
        var count: Int
        var first: [Int]
        var second: [Int]
        var weight: [Int32]
        var cover: [Int32]

        /// - Parameters:
        ///   - center: the picture point (0...1) at the canvas's centre.
        ///   - scale: canvas pixels per picture width (or height).
        ///   - samples: the picture's pixels across.
        ///   - step: bytes from one sample to the next.
        init(count: Int, center: Double, scale: Double, samples: Int, step: Int) {
            self.count = count
            first = [Int](repeating: 0, count: count)
            second = first
            weight = [Int32](repeating: 0, count: count)
            cover = weight
            let size = 1 / scale   // picture units per canvas pixel
            for index in 0..<count {
                let u = center + (Double(index) + 0.5 - Double(count) / 2) * size
                // Coverage: the canvas pixel [u - size/2, u + size/2] against the picture [0, 1].
                let overlap = min(u + size / 2, 1) - max(u - size / 2, 0)
                cover[index] = Int32((max(0, min(1, overlap / size)) * 1024).rounded())
                let position = u * Double(samples) - 0.5
                let lower = position.rounded(.down)
                let fraction = position - lower
                let at = Int(max(-1, min(Double(samples), lower)))
                first[index] = min(max(at, 0), samples - 1) * step
                second[index] = min(max(at + 1, 0), samples - 1) * step
                weight[index] = Int32((fraction * 1024).rounded())
            }
        }
    }
}
