extension Image {
    /// The image shrunk by an integer `factor` in both directions, each
    /// output pixel the mean of a factor × factor block (edge blocks
    /// averaged over the pixels they have). A cheap first step when the
    /// source is far larger than the target; the Lanczos filter does the rest.
    public func boxShrunk(by factor: Int) -> Image {
        boxShrunk(by: factor, premultiplying: false)
    }

    /// The box shrink of this image premultiplied (when `premultiplying`,
    /// RGBA only), the same as `premultiplied().boxShrunk(by:)` without a
    /// premultiplied copy of the whole image.
    /// `region` (all of the image by default) is read in place, as if cropped first.
    func boxShrunk(by factor: Int, premultiplying: Bool, region: PixelRect? = nil) -> Image {
        precondition(!premultiplying || format == .rgba8)
        precondition(factor >= 1)
        let region = region ?? PixelRect(x: 0, y: 0, width: width, height: height)
        if factor == 1 {
            let part = cropped(to: region)
            return premultiplying ? part.premultiplied() : part
        }
        let channels = format.bytesPerPixel
        let (width, height) = (region.width, region.height)
        let outWidth = (width + factor - 1) / factor, outHeight = (height + factor - 1) / factor
        let rowLength = width * channels
        var sums = [UInt32](repeating: 0, count: rowLength)
        return pixels.withUnsafeBufferPointer { input in
            sums.withUnsafeMutableBufferPointer { sums in
                Image(width: outWidth, height: outHeight, format: format, colorSpace: colorSpace) { output in
                    let source = input.baseAddress! + region.y * bytesPerRow + region.x * channels
                    let target = output.baseAddress!, total = sums.baseAddress!
                    for y in 0..<outHeight {
                        let firstRow = y * factor, rows = min(factor, height - firstRow)
                        total.update(repeating: 0, count: rowLength)
                        for row in firstRow..<firstRow + rows {
                            let line = source + row * bytesPerRow
                            if premultiplying {
                                for index in stride(from: 0, to: rowLength, by: 4) {
                                    let alpha = line[index + 3]
                                    total[index] &+= UInt32(Self.premultiply(line[index], by: alpha))
                                    total[index + 1] &+= UInt32(Self.premultiply(line[index + 1], by: alpha))
                                    total[index + 2] &+= UInt32(Self.premultiply(line[index + 2], by: alpha))
                                    total[index + 3] &+= UInt32(alpha)
                                }
                            } else {
                                for index in 0..<rowLength { total[index] &+= UInt32(line[index]) }
                            }
                        }
                        let outRow = target + y * outWidth * channels
                        let fullBlock = Self.reciprocal(of: rows * factor)
                        for x in 0..<outWidth {
                            let firstColumn = x * factor, columns = min(factor, width - firstColumn)
                            let count = UInt64(rows * columns)
                            let magic = columns == factor ? fullBlock : Self.reciprocal(of: rows * columns)
                            for channel in 0..<channels {
                                var sum: UInt32 = 0
                                var at = firstColumn * channels + channel
                                for _ in 0..<columns {
                                    sum &+= total[at]
                                    at += channels
                                }
                                // (sum + count / 2) / count, by a multiplication when exact.
                                let rounded = UInt64(sum) + count / 2
                                outRow[x * channels + channel] = UInt8(truncatingIfNeeded: count <= 65_536
                                    ? (rounded &* magic) >> 40 : rounded / count)
                            }
                        }
                    }
                }
            }
        }
    }

    /// m with (n · m) >> 40 == n / d for every n < 2^24 (a block's sum, at
    /// most 255 × 65,536) and d ≤ 65,536: m = ⌊2^40 / d⌋ + 1 errs by
    /// e = m·d − 2^40 ≤ d, and n·e < 2^40 keeps the quotient exact.
    private static func reciprocal(of divisor: Int) -> UInt64 {
        (UInt64(1) << 40) / UInt64(divisor) + 1
    }
}
