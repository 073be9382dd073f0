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

    init(picture: Image, canvas: PixelSize, zoomRoom: Double, background: RGBColor) {
        self.picture = picture.flattened(over: background)
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
    func frame(zoom: Double, center: (x: Double, y: Double)) -> Image {
        let columns = Axis(count: canvas.width, center: center.x, scale: baseWidth * zoom, samples: picture.width)
        let rows = Axis(count: canvas.height, center: center.y, scale: baseHeight * zoom, samples: picture.height)
        let back = [Int32(background.red), Int32(background.green), Int32(background.blue)]
        let width = canvas.width, stride = picture.bytesPerRow
        return picture.pixels.withUnsafeBufferPointer { source in
            Image(width: canvas.width, height: canvas.height, format: .rgb8) { target in
                let source = source.baseAddress!
                var out = target.baseAddress!
                for y in 0..<rows.count {
                    let rowCover = rows.cover[y]
                    let top = source + Int(rows.first[y]) * stride, bottom = source + Int(rows.second[y]) * stride
                    let wy = rows.weight[y], wy0 = 1024 - wy
                    for x in 0..<width {
                        let cover = (columns.cover[x] * rowCover + 512) >> 10
                        if cover == 0 {
                            out[0] = UInt8(back[0]); out[1] = UInt8(back[1]); out[2] = UInt8(back[2])
                            out += 3
                            continue
                        }
                        let left = Int(columns.first[x]) * 3, right = Int(columns.second[x]) * 3
                        let wx = columns.weight[x], wx0 = 1024 - wx
                        for channel in 0..<3 {
                            let upper = Int32(top[left + channel]) * wx0 + Int32(top[right + channel]) * wx
                            let lower = Int32(bottom[left + channel]) * wx0 + Int32(bottom[right + channel]) * wx
                            // 20 fraction bits: fits in 32 bits (255 × 2^20).
                            var value = (UInt32(upper) &* UInt32(wy0) &+ UInt32(lower) &* UInt32(wy) &+ (1 << 19)) >> 20
                            if cover < 1024 {
                                value = (value &* UInt32(cover) &+ UInt32(back[channel]) &* UInt32(1024 - cover) &+ 512) >> 10
                            }
                            out[channel] = UInt8(truncatingIfNeeded: value)
                        }
                        out += 3
                    }
                }
            }
        }
    }

    /// Where each canvas column (or row) samples the picture: the two
    /// neighbouring samples, the second's weight (0...1024), and how much
    /// of the canvas pixel the picture covers (0...1024).
    private struct Axis {
        var count: Int
        var first: [Int32]
        var second: [Int32]
        var weight: [Int32]
        var cover: [Int32]

        /// - Parameters:
        ///   - center: the picture point (0...1) at the canvas's centre.
        ///   - scale: canvas pixels per picture width (or height).
        ///   - samples: the picture's pixels across.
        init(count: Int, center: Double, scale: Double, samples: Int) {
            self.count = count
            first = [Int32](repeating: 0, count: count)
            second = first
            weight = first
            cover = first
            let step = 1 / scale   // picture units per canvas pixel
            for index in 0..<count {
                let u = center + (Double(index) + 0.5 - Double(count) / 2) * step
                // Coverage: the canvas pixel [u - step/2, u + step/2] against the picture [0, 1].
                let overlap = min(u + step / 2, 1) - max(u - step / 2, 0)
                cover[index] = Int32((max(0, min(1, overlap / step)) * 1024).rounded())
                let position = u * Double(samples) - 0.5
                let lower = position.rounded(.down)
                let fraction = position - lower
                first[index] = Int32(min(max(Int(lower), 0), samples - 1))
                second[index] = Int32(min(max(Int(lower) + 1, 0), samples - 1))
                weight[index] = Int32((fraction * 1024).rounded())
            }
        }
    }
}
