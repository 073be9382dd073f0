extension Image {
    /// The image shrunk by an integer `factor` in both directions, each
    /// output pixel the mean of a factor × factor block (edge blocks
    /// averaged over the pixels they have). A cheap first step when the
    /// source is far larger than the target; the Lanczos filter does the rest.
    func boxShrunk(by factor: Int) -> Image {
        precondition(factor >= 1)
        if factor == 1 { return self }
        let channels = format.bytesPerPixel
        let outWidth = (width + factor - 1) / factor, outHeight = (height + factor - 1) / factor
        let rowLength = width * channels
        var sums = [UInt32](repeating: 0, count: rowLength)
        return pixels.withUnsafeBufferPointer { input in
            sums.withUnsafeMutableBufferPointer { sums in
                Image(width: outWidth, height: outHeight, format: format) { output in
                    let source = input.baseAddress!, target = output.baseAddress!, total = sums.baseAddress!
                    for y in 0..<outHeight {
                        let firstRow = y * factor, rows = min(factor, height - firstRow)
                        total.update(repeating: 0, count: rowLength)
                        for row in firstRow..<firstRow + rows {
                            let line = source + row * bytesPerRow
                            for index in 0..<rowLength { total[index] &+= UInt32(line[index]) }
                        }
                        let outRow = target + y * outWidth * channels
                        for x in 0..<outWidth {
                            let firstColumn = x * factor, columns = min(factor, width - firstColumn)
                            let count = UInt32(rows * columns)
                            for channel in 0..<channels {
                                var sum: UInt32 = 0
                                var at = firstColumn * channels + channel
                                for _ in 0..<columns {
                                    sum &+= total[at]
                                    at += channels
                                }
                                outRow[x * channels + channel] = UInt8((sum + count / 2) / count)
                            }
                        }
                    }
                }
            }
        }
    }
}
