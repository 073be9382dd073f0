extension Image {
    /// Draws `text` in `color`, centred horizontally in `box` and with its
    /// baseline placed so the line sits in the box's middle. RGB8 only;
    /// `color` is sRGB, so an image in other colours is converted first.
    public mutating func drawText(_ text: String, font: Font, color: RGBColor, centeredIn box: PixelRect) throws(TextError) {
        precondition(format == .rgb8, "text is drawn on RGB images")
        if !colorSpace.isSRGB { self = convertedToSRGB() }
        let width = try font.width(of: text)
        let (ascent, descent) = font.metrics
        let x = box.x + (box.width - width) / 2
        let baseline = box.y + (box.height + ascent - descent) / 2
        // Coverage for the box only, drawn with the pen moved into its frame.
        var coverage = [UInt8](repeating: 0, count: box.width * box.height)
        try font.draw(text, into: &coverage, size: box.size, x: x - box.x, baseline: baseline - box.y)
        blend(coverage: coverage, color: color, within: box)
    }

    /// Lays `color` over the pixels of `box` in proportion to `coverage`
    /// (one byte per pixel of the box).
    mutating func blend(coverage: [UInt8], color: RGBColor, within box: PixelRect) {
        let (width, height, bytesPerRow) = (self.width, self.height, self.bytesPerRow)
        let ink = [UInt32(color.red), UInt32(color.green), UInt32(color.blue)]
        let top = max(0, box.y), bottom = min(height, box.y + box.height)
        let left = max(0, box.x), right = min(width, box.x + box.width)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in top..<max(top, bottom) {
                for x in left..<max(left, right) {
                    let alpha = UInt32(coverage[(y - box.y) * box.width + (x - box.x)])
                    if alpha == 0 { continue }
                    let at = y * bytesPerRow + x * 3
                    for channel in 0..<3 {
                        pixels[at + channel] = UInt8((ink[channel] * alpha + UInt32(pixels[at + channel]) * (255 - alpha) + 127) / 255)
                    }
                }
            }
        }
    }
}
