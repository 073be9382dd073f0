/// Where a cover crop cuts the excess: from the centre, or where the
/// picture has the most detail (edge energy, as libvips' smartcrop's
/// "attention" does in simpler form).
public enum CropAnchor: String, Sendable, Hashable, CaseIterable {
    case center
    case smart
}

extension PixelRect {
    /// The `aspect`-shaped window in `image` with the most edge energy
    /// (sum of absolute luma differences to the right and below), slid
    /// along the axis that has excess.
    public static func smart(aspect: PixelSize, in image: Image) -> PixelRect {
        let centered = PixelRect.centered(aspect: aspect, in: image.size)
        let horizontal = centered.width < image.width
        let length = horizontal ? image.width : image.height
        let window = horizontal ? centered.width : centered.height
        guard window < length else { return centered }
        // Energy per column (or row), sampled every few pixels for speed.
        let step = max(1, min(image.width, image.height) / 256)
        var energy = [Double](repeating: 0, count: length)
        let channels = image.format.bytesPerPixel
        image.pixels.withUnsafeBufferPointer { pixels in
            func luma(_ x: Int, _ y: Int) -> Int {
                let at = y * image.bytesPerRow + x * channels
                return channels >= 3 ? (Int(pixels[at]) * 77 + Int(pixels[at + 1]) * 150 + Int(pixels[at + 2]) * 29) >> 8
                                     : Int(pixels[at])
            }
            for y in stride(from: 0, to: image.height - 1, by: step) {
                for x in stride(from: 0, to: image.width - 1, by: step) {
                    let here = luma(x, y)
                    let value = Double(abs(here - luma(x + 1, y)) + abs(here - luma(x, y + 1)))
                    energy[horizontal ? x : y] += value
                }
            }
        }
        // The window with the largest sum, by a running total; ties keep the centre.
        var sum = energy[0..<window].reduce(0, +)
        var best = sum, bestStart = 0
        let centerStart = horizontal ? centered.x : centered.y
        for start in 1...(length - window) {
            sum += energy[start + window - 1] - energy[start - 1]
            if sum > best || (sum == best && abs(start - centerStart) < abs(bestStart - centerStart)) {
                best = sum
                bestStart = start
            }
        }
        return horizontal ? PixelRect(x: bestStart, y: centered.y, width: centered.width, height: centered.height)
                          : PixelRect(x: centered.x, y: bestStart, width: centered.width, height: centered.height)
    }
}
