extension Image {
    /// The image as RGBA8 (opaque when it had no alpha).
    func rgba() -> Image {
        switch format {
        case .rgba8: return self
        case .rgb8, .gray8:
            let channels = format.bytesPerPixel
            return Image(width: width, height: height, format: .rgba8) { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let from = y * bytesPerRow + x * channels, to = (y * width + x) * 4
                        target[to] = pixels[from]
                        target[to + 1] = pixels[from + min(1, channels - 1)]
                        target[to + 2] = pixels[from + min(2, channels - 1)]
                        target[to + 3] = 255
                    }
                }
            }
        }
    }

    /// RGBA with every alpha set to opaque.
    func opaque() -> Image {
        var copy = self
        copy.pixels.withUnsafeMutableBufferPointer { pixels in
            for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        }
        return copy
    }

    /// Opaque RGBA8, transparency flattened over white: what an animation encoder works on.
    func opaqueRGBA() -> Image {
        format == .rgba8 ? flattened(over: .white).rgba() : rgba()
    }
}
