#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Image {
    /// The image as RGBA8 (opaque when it had no alpha).
    public func rgba() -> Image {
        switch format {
        case .rgba8: return self
        case .rgb8, .gray8:
            let channels = format.bytesPerPixel, green = min(1, channels - 1), blue = min(2, channels - 1)
            return pixels.withUnsafeBufferPointer { source in
                Image(width: width, height: height, format: .rgba8, colorSpace: colorSpace) { target in
                    for y in 0..<height {
                        var from = y * bytesPerRow, to = y * width * 4
                        for _ in 0..<width {
                            target[to] = source[from]
                            target[to + 1] = source[from + green]
                            target[to + 2] = source[from + blue]
                            target[to + 3] = 255
                            from += channels
                            to += 4
                        }
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

    /// Whether the two images have the same pixel bytes (memcmp: fast in any build).
    func hasSamePixels(as other: Image) -> Bool {
        guard size == other.size, format == other.format, bytesPerRow == other.bytesPerRow else { return false }
        return pixels.withUnsafeBytes { left in
            other.pixels.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }

    /// Opaque RGBA8 in sRGB, transparency flattened over white: what an
    /// animation encoder works on. A frame comes here at its final size, so
    /// one still in its file's colours is converted here, late.
    func opaqueRGBA() -> Image {
        let frame = convertedToSRGB()
        return frame.format == .rgba8 ? frame.flattened(over: .white).rgba() : frame.rgba()
    }
}
