extension Image {
    /// The image resampled to `size` with a separable Lanczos-3 filter.
    /// RGBA is resampled premultiplied, so transparent pixels do not bleed
    /// their colour into their neighbours.
    public func resized(to size: PixelSize) -> Image {
        if size == self.size { return self }
        let channels = format.bytesPerPixel
        let premultiply = format == .rgba8
        let horizontal = ResampleKernel(inputLength: width, outputLength: size.width)
        let vertical = ResampleKernel(inputLength: height, outputLength: size.height)
        let outWidth = size.width, outHeight = size.height
        let rowFloats = outWidth * channels

        // Pass 1: every input row resampled horizontally into floats.
        var intermediate = [Float](repeating: 0, count: rowFloats * height)
        var inputRow = [Float](repeating: 0, count: width * channels)
        pixels.withUnsafeBufferPointer { source in
            intermediate.withUnsafeMutableBufferPointer { middle in
                inputRow.withUnsafeMutableBufferPointer { row in
                    for y in 0..<height {
                        let base = y * bytesPerRow
                        if premultiply {
                            for x in 0..<width {
                                let alpha = Float(source[base + x * 4 + 3]) / 255
                                row[x * 4] = Float(source[base + x * 4]) * alpha
                                row[x * 4 + 1] = Float(source[base + x * 4 + 1]) * alpha
                                row[x * 4 + 2] = Float(source[base + x * 4 + 2]) * alpha
                                row[x * 4 + 3] = Float(source[base + x * 4 + 3])
                            }
                        } else {
                            for i in 0..<(width * channels) { row[i] = Float(source[base + i]) }
                        }
                        let out = y * rowFloats
                        horizontal.weights.withUnsafeBufferPointer { weights in
                            for x in 0..<outWidth {
                                let start = horizontal.starts[x], count = horizontal.counts[x]
                                let w = x * horizontal.stride
                                for c in 0..<channels {
                                    var sum: Float = 0
                                    var at = start * channels + c
                                    for tap in 0..<count {
                                        sum += row[at] * weights[w + tap]
                                        at += channels
                                    }
                                    middle[out + x * channels + c] = sum
                                }
                            }
                        }
                    }
                }
            }
        }

        // Pass 2: columns resampled vertically, rounded back to bytes.
        var accumulator = [Float](repeating: 0, count: rowFloats)
        return intermediate.withUnsafeBufferPointer { middle in
            vertical.weights.withUnsafeBufferPointer { weights in
                accumulator.withUnsafeMutableBufferPointer { sums in
                    Image(width: outWidth, height: outHeight, format: format) { target in
                        for y in 0..<outHeight {
                            let start = vertical.starts[y], count = vertical.counts[y]
                            for i in 0..<rowFloats { sums[i] = 0 }
                            for tap in 0..<count {
                                let weight = weights[y * vertical.stride + tap]
                                let rowStart = (start + tap) * rowFloats
                                for i in 0..<rowFloats { sums[i] += middle[rowStart + i] * weight }
                            }
                            let out = y * rowFloats
                            if premultiply {
                                for x in 0..<outWidth {
                                    let alpha = min(max(sums[x * 4 + 3], 0), 255)
                                    let unscale: Float = alpha > 0 ? 255 / alpha : 0
                                    for c in 0..<3 { target[out + x * 4 + c] = clampToByte(sums[x * 4 + c] * unscale) }
                                    target[out + x * 4 + 3] = clampToByte(alpha)
                                }
                            } else {
                                for i in 0..<rowFloats { target[out + i] = clampToByte(sums[i]) }
                            }
                        }
                    }
                }
            }
        }
    }
}

@inline(__always)
func clampToByte(_ value: Float) -> UInt8 {
    UInt8(min(max(value + 0.5, 0), 255))
}
