extension Image {
    /// An RGB8 image of one colour.
    public static func filled(_ size: PixelSize, with color: RGBColor) -> Image {
        Image(width: size.width, height: size.height, format: .rgb8) { pixels in
            for index in stride(from: 0, to: pixels.count, by: 3) {
                pixels[index] = color.red
                pixels[index + 1] = color.green
                pixels[index + 2] = color.blue
            }
        }
    }

    /// Places `picture` (any format; alpha laid over white) in this RGB8
    /// sRGB image at `origin`, clipped to the image; with `cornerRadius` > 0
    /// its corners are rounded (antialiased) so the canvas shows through.
    ///
    /// A picture in other colours is converted to sRGB first: it is placed
    /// at the size it has, so this is the late conversion, not an early one
    /// (and a caller that forgot it gets right colours, not a wrong sheet).
    public mutating func place(_ picture: Image, at origin: (x: Int, y: Int), cornerRadius: Int = 0) {
        precondition(format == .rgb8, "pictures are placed on RGB canvases")
        assert(colorSpace.isSRGB, "pictures are placed on sRGB canvases")
        let source = picture.convertedToSRGB().flattened(over: .white)
        let (width, height, bytesPerRow) = (self.width, self.height, self.bytesPerRow)
        let radius = Double(min(cornerRadius, min(source.width, source.height) / 2))
        pixels.withUnsafeMutableBufferPointer { target in
            source.pixels.withUnsafeBufferPointer { pixels in
                let firstColumn = max(0, -origin.x), lastColumn = min(source.width, width - origin.x)
                for row in 0..<source.height {
                    let y = origin.y + row
                    if y < 0 || y >= height || firstColumn >= lastColumn { continue }
                    if Double(row) >= radius && Double(row) < Double(source.height) - radius {
                        // Away from the corners: a plain copy of the row.
                        let from = row * source.bytesPerRow + firstColumn * 3, to = y * bytesPerRow + (origin.x + firstColumn) * 3
                        (target.baseAddress! + to).update(from: pixels.baseAddress! + from, count: (lastColumn - firstColumn) * 3)
                        continue
                    }
                    for column in firstColumn..<lastColumn {
                        let x = origin.x + column
                        let coverage = radius > 0 ? Self.roundedCoverage(column, row, source.size, radius) : 1
                        if coverage <= 0 { continue }
                        let from = row * source.bytesPerRow + column * 3, to = y * bytesPerRow + x * 3
                        for channel in 0..<3 {
                            let value = Double(pixels[from + channel]) * coverage + Double(target[to + channel]) * (1 - coverage)
                            target[to + channel] = UInt8(value.rounded())
                        }
                    }
                }
            }
        }
    }

    /// How much of pixel (x, y) lies inside a rounded rectangle of `size`
    /// with corner `radius` (0…1, antialiased over one pixel).
    static func roundedCoverage(_ x: Int, _ y: Int, _ size: PixelSize, _ radius: Double) -> Double {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let cx = min(max(px, radius), Double(size.width) - radius)
        let cy = min(max(py, radius), Double(size.height) - radius)
        let dx = px - cx, dy = py - cy
        if dx == 0 && dy == 0 { return 1 }
        let distance = (dx * dx + dy * dy).squareRoot()
        return min(1, max(0, radius - distance + 0.5))
    }

    /// Draws a dashed vertical line at `x`, for cutting a print.
    public mutating func drawCutGuide(atX x: Int, color: RGBColor, width lineWidth: Int, dash: Int) {
        let (width, height, bytesPerRow) = (self.width, self.height, self.bytesPerRow)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height where (y / dash) % 2 == 0 {
                for column in max(0, x - lineWidth / 2)..<min(width, x - lineWidth / 2 + lineWidth) {
                    let at = y * bytesPerRow + column * 3
                    pixels[at] = color.red
                    pixels[at + 1] = color.green
                    pixels[at + 2] = color.blue
                }
            }
        }
    }
}
