extension Image {
    /// The image as it is shown when stored with `orientation`: mirrored,
    /// rotated or transposed so that the result is upright.
    public func applying(_ orientation: Orientation) -> Image {
        if orientation == .up { return self }
        let outSize = orientation.uprightSize(of: size)
        let bpp = format.bytesPerPixel
        let w = width, h = height, rowBytes = bytesPerRow
        // Each output row reads the source along a straight line: a start
        // offset for row y and a constant step per output pixel.
        func walk(_ y: Int) -> (start: Int, step: Int) {
            switch orientation {
            case .up: return (y * rowBytes, bpp)
            case .upMirrored: return (y * rowBytes + (w - 1) * bpp, -bpp)
            case .down: return ((h - 1 - y) * rowBytes + (w - 1) * bpp, -bpp)
            case .downMirrored: return ((h - 1 - y) * rowBytes, bpp)
            case .leftMirrored: return (y * bpp, rowBytes)                             // in(y, x)
            case .right: return ((h - 1) * rowBytes + y * bpp, -rowBytes)              // in(y, H-1-x)
            case .rightMirrored: return ((h - 1) * rowBytes + (w - 1 - y) * bpp, -rowBytes) // in(W-1-y, H-1-x)
            case .left: return ((w - 1 - y) * bpp, rowBytes)                           // in(W-1-y, x)
            }
        }
        return pixels.withUnsafeBufferPointer { source in
            Image(width: outSize.width, height: outSize.height, format: format, colorSpace: colorSpace) { target in
                let src = source.baseAddress!, dst = target.baseAddress!
                let outRowBytes = outSize.width * bpp
                for y in 0..<outSize.height {
                    let (start, step) = walk(y)
                    var from = start
                    var to = y * outRowBytes
                    switch bpp {
                    case 1:
                        for _ in 0..<outSize.width { dst[to] = src[from]; from += step; to += 1 }
                    case 3:
                        for _ in 0..<outSize.width {
                            dst[to] = src[from]; dst[to + 1] = src[from + 1]; dst[to + 2] = src[from + 2]
                            from += step; to += 3
                        }
                    default:
                        for _ in 0..<outSize.width {
                            dst[to] = src[from]; dst[to + 1] = src[from + 1]
                            dst[to + 2] = src[from + 2]; dst[to + 3] = src[from + 3]
                            from += step; to += 4
                        }
                    }
                }
            }
        }
    }
}
