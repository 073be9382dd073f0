extension Image {
    /// This image dissolved toward `other` (the same size and format) by
    /// `amount`: 0 is this image, 1 is `other`. The mix is linear in the
    /// sRGB-encoded values, as video editors' dissolves and ffmpeg's xfade
    /// are, not in linear light (which would brighten the middle of a fade
    /// between a dark and a light photo). Both are taken in sRGB (converted
    /// first if they are not: they are at their final size).
    public func crossfaded(to other: Image, amount: Double) -> Image {
        precondition(size == other.size && format == other.format && bytesPerRow == other.bytesPerRow,
                     "a crossfade mixes images of one size and format")
        if !colorSpace.isSRGB || !other.colorSpace.isSRGB {
            return convertedToSRGB().crossfaded(to: other.convertedToSRGB(), amount: amount)
        }
        let weight = UInt32((min(1, max(0, amount)) * 256).rounded())
        if weight == 0 { return self }
        if weight == 256 { return other }
        let keep = 256 - weight, count = height * bytesPerRow
        return pixels.withUnsafeBufferPointer { first in
            other.pixels.withUnsafeBufferPointer { second in
                Image(width: width, height: height, format: format, bytesPerRow: bytesPerRow, pixels: [UInt8](
                    unsafeUninitializedCapacity: count) { target, initialized in
                        for index in 0..<count {
                            target[index] = UInt8(truncatingIfNeeded: (UInt32(first[index]) * keep + UInt32(second[index]) * weight + 128) >> 8)
                        }
                        initialized = count
                    })
            }
        }
    }
}
