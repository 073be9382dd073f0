extension Image {
    /// An RGB8 image: RGBA pixels laid over `background`; RGB8 as it is;
    /// gray expanded to RGB.
    public func flattened(over background: RGBColor) -> Image {
        switch format {
        case .rgb8: return self
        case .gray8:
            return Image(width: width, height: height, format: .rgb8, colorSpace: colorSpace) { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let value = pixels[y * bytesPerRow + x]
                        let out = (y * width + x) * 3
                        target[out] = value; target[out + 1] = value; target[out + 2] = value
                    }
                }
            }
        case .rgba8:
            let back = (UInt32(background.red), UInt32(background.green), UInt32(background.blue))
            return pixels.withUnsafeBufferPointer { source in
                Image(width: width, height: height, format: .rgb8, colorSpace: colorSpace) { target in
                    for y in 0..<height {
                        var from = y * bytesPerRow
                        var to = y * width * 3
                        for _ in 0..<width {
                            let alpha = UInt32(source[from + 3]), rest = 255 - alpha
                            target[to] = UInt8((UInt32(source[from]) * alpha + back.0 * rest + 127) / 255)
                            target[to + 1] = UInt8((UInt32(source[from + 1]) * alpha + back.1 * rest + 127) / 255)
                            target[to + 2] = UInt8((UInt32(source[from + 2]) * alpha + back.2 * rest + 127) / 255)
                            from += 4
                            to += 3
                        }
                    }
                }
            }
        }
    }
}
