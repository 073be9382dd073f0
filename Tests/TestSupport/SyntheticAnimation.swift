import Foundation
import Imaging

/// Animations made in the tests: a soft gradient with a ball that moves a
/// few pixels each frame and a bar that grows, so consecutive frames differ
/// in a small rectangle (what differencing saves) and no two are alike.
public enum SyntheticAnimation {
    /// Frame `index` of an animation of `size` (RGB8).
    public static func frame(_ index: Int, size: PixelSize, tint: Int = 0) -> Image {
        let (width, height) = (size.width, size.height)
        let radius = max(3, min(width, height) / 10)
        let centreX = radius + (index * 3) % max(1, width - 2 * radius)
        let centreY = height / 2 + Int(Double(height / 4) * sin(Double(index) / 7))
        let bar = (index * 2) % max(1, width)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let at = (y * width + x) * 3
                    let dx = x - centreX, dy = y - centreY
                    if dx * dx + dy * dy <= radius * radius {
                        pixels[at] = 230; pixels[at + 1] = 60; pixels[at + 2] = 40
                    } else if y >= height - 4 && x < bar {
                        pixels[at] = 20; pixels[at + 1] = 20; pixels[at + 2] = 20
                    } else {
                        pixels[at] = UInt8(min(255, 60 + x * 120 / width + tint))
                        pixels[at + 1] = UInt8(90 + y * 100 / height)
                        pixels[at + 2] = UInt8(max(0, 170 - x * 60 / width - tint / 2))
                    }
                }
            }
        }
        return Image(width: width, height: height, format: .rgb8, pixels: pixels)
    }

    /// The first `count` frames.
    public static func frames(_ count: Int, size: PixelSize, tint: Int = 0) -> [Image] {
        (0..<count).map { frame($0, size: size, tint: tint) }
    }
}
