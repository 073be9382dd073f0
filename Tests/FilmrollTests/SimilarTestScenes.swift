#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import TestSupport

/// Seeded pictures that look a little like photos: a two-colour gradient
/// in a random direction, a dozen ellipses and rectangles of random colours
/// and sizes, and a little noise.
enum SimilarTestScenes {
    static func scene(seed: UInt64, width: Int = 384, height: Int = 256) -> Image {
        var random = SplitMix64(seed: seed)
        func colour() -> [Double] { (0..<3).map { _ in random.between(20, 235) } }
        let (from, to) = (colour(), colour())
        let angle = random.between(0, 6.283)
        let (dx, dy) = (cos(angle), sin(angle))
        struct Shape { var ellipse: Bool; var cx, cy, rx, ry: Double; var colour: [Double] }
        let shapes = (0..<12).map { _ in
            Shape(ellipse: random.below(2) == 0, cx: random.between(0, Double(width)), cy: random.between(0, Double(height)),
                  rx: random.between(10, Double(width) / 4), ry: random.between(10, Double(height) / 4), colour: colour())
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let t = 0.5 + 0.5 * ((Double(x) / Double(width) - 0.5) * dx + (Double(y) / Double(height) - 0.5) * dy)
                var value = (0..<3).map { from[$0] + (to[$0] - from[$0]) * t }
                for shape in shapes {
                    let (u, v) = ((Double(x) - shape.cx) / shape.rx, (Double(y) - shape.cy) / shape.ry)
                    if shape.ellipse ? u * u + v * v <= 1 : abs(u) <= 1 && abs(v) <= 1 { value = shape.colour }
                }
                for channel in 0..<3 {
                    let noisy = value[channel] + random.between(-6, 6)
                    pixels[(y * width + x) * 3 + channel] = UInt8(max(0, min(255, noisy.rounded())))
                }
            }
        }
        return Image(width: width, height: height, format: .rgb8, pixels: pixels)
    }

    /// `image` encoded as `format` and decoded again.
    static func saved(_ image: Image, as format: EncodingFormat) throws -> Image {
        try ImageDecoder.decode(ImageEncoder.encode(image, as: format)).frames[0].image
    }

    /// Each pixel the mean of the (2r+1)² square around it (clamped at the edges).
    static func boxBlurred(_ image: Image, radius: Int) -> Image {
        let channels = image.format.bytesPerPixel
        var pixels = image.pixels
        for y in 0..<image.height {
            for x in 0..<image.width {
                for channel in 0..<channels {
                    var sum = 0, count = 0
                    for v in max(0, y - radius)...min(image.height - 1, y + radius) {
                        for u in max(0, x - radius)...min(image.width - 1, x + radius) {
                            sum += Int(image.pixels[v * image.bytesPerRow + u * channels + channel])
                            count += 1
                        }
                    }
                    pixels[y * image.bytesPerRow + x * channels + channel] = UInt8((sum + count / 2) / count)
                }
            }
        }
        return Image(width: image.width, height: image.height, format: image.format, pixels: pixels)
    }

    /// The picture moved by (dx, dy) pixels, the edge repeated into the gap: a hand's shake between frames.
    static func shifted(_ image: Image, dx: Int, dy: Int) -> Image {
        let channels = image.format.bytesPerPixel
        var pixels = image.pixels
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (u, v) = (min(max(x - dx, 0), image.width - 1), min(max(y - dy, 0), image.height - 1))
                for channel in 0..<channels {
                    pixels[y * image.bytesPerRow + x * channels + channel] = image.pixels[v * image.bytesPerRow + u * channels + channel]
                }
            }
        }
        return Image(width: image.width, height: image.height, format: image.format, pixels: pixels)
    }
}
