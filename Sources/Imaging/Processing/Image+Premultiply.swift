extension Image {
    /// Whether every pixel is fully opaque (always true without alpha).
    var isOpaque: Bool { isOpaque(in: PixelRect(x: 0, y: 0, width: width, height: height)) }

    /// Whether every pixel inside `rect` is fully opaque.
    func isOpaque(in rect: PixelRect) -> Bool {
        guard format == .rgba8 else { return true }
        return pixels.withUnsafeBufferPointer { pixels in
            for y in rect.y..<rect.y + rect.height {
                var at = y * bytesPerRow + rect.x * 4 + 3
                for _ in 0..<rect.width {
                    if pixels[at] != 255 { return false }
                    at += 4
                }
            }
            return true
        }
    }

    /// A colour channel multiplied by its pixel's alpha, rounded as `premultiplied()` rounds it.
    @inline(__always)
    static func premultiply(_ value: UInt8, by alpha: UInt8) -> UInt8 {
        UInt8((UInt32(value) * UInt32(alpha) + 127) / 255)
    }

    /// RGBA with each colour multiplied by its alpha, so that filters do
    /// not bleed the colour of transparent pixels into their neighbours.
    func premultiplied() -> Image {
        precondition(format == .rgba8)
        return mapRGBA { r, g, b, a in
            let alpha = UInt32(a)
            return (UInt8((UInt32(r) * alpha + 127) / 255), UInt8((UInt32(g) * alpha + 127) / 255),
                    UInt8((UInt32(b) * alpha + 127) / 255), a)
        }
    }

    /// The inverse of `premultiplied()`.
    func unpremultiplied() -> Image {
        precondition(format == .rgba8)
        return mapRGBA { r, g, b, a in
            if a == 0 { return (0, 0, 0, 0) }
            let alpha = UInt32(a), half = alpha / 2
            return (UInt8(min(255, (UInt32(r) * 255 + half) / alpha)), UInt8(min(255, (UInt32(g) * 255 + half) / alpha)),
                    UInt8(min(255, (UInt32(b) * 255 + half) / alpha)), a)
        }
    }

    private func mapRGBA(_ transform: (UInt8, UInt8, UInt8, UInt8) -> (UInt8, UInt8, UInt8, UInt8)) -> Image {
        pixels.withUnsafeBufferPointer { source in
            Image(width: width, height: height, format: .rgba8, colorSpace: colorSpace) { target in
                for y in 0..<height {
                    var from = y * bytesPerRow, to = y * width * 4
                    for _ in 0..<width {
                        let (r, g, b, a) = transform(source[from], source[from + 1], source[from + 2], source[from + 3])
                        target[to] = r; target[to + 1] = g; target[to + 2] = b; target[to + 3] = a
                        from += 4
                        to += 4
                    }
                }
            }
        }
    }
}
