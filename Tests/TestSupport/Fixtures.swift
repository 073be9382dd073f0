import Foundation
import Imaging

/// Paths to the project's own fixtures and to the shared conformance suites.
public enum Fixtures {
    /// The repository root, found from this source file's location.
    public static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    /// A file under `TestImages/`.
    public static func path(_ relative: String) -> String { root + "/TestImages/" + relative }

    /// The bytes of a file under `TestImages/`.
    public static func bytes(_ relative: String) throws -> [UInt8] { try FileBytes.read(path(relative)) }

    /// `../shared/testdata` beside the repository, present on developer
    /// machines and in CI; tests that need it are skipped without it.
    public static let sharedTestData: String = {
        let parent = String(root[..<root.lastIndex(of: "/")!])
        return parent + "/shared/testdata"
    }()

    public static var hasSharedTestData: Bool { FileBytes.exists(sharedTestData + "/README.md") }

    /// Decodes a file under `TestImages/` upright at full size.
    public static func decode(_ relative: String, options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        try ImageDecoder.decode(contentsOf: path(relative), options: options)
    }
}

/// Pixel comparisons for tests.
public enum PixelMatch {
    /// Whether every channel of `actual` is within `tolerance` of `expected`.
    public static func near(_ actual: [UInt8], _ expected: [UInt8], tolerance: Int) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    /// Mean absolute difference of BT.601 luma between two same-size images.
    public static func meanLumaDifference(_ a: Image, _ b: Image) -> Double {
        precondition(a.size == b.size)
        var total = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                total += abs(luma(a.pixel(x: x, y: y)) - luma(b.pixel(x: x, y: y)))
            }
        }
        return total / Double(a.size.pixelCount)
    }

    public static func luma(_ pixel: [UInt8]) -> Double {
        if pixel.count < 3 { return Double(pixel[0]) }
        return 0.299 * Double(pixel[0]) + 0.587 * Double(pixel[1]) + 0.114 * Double(pixel[2])
    }

    /// PSNR in dB over the colour channels of two same-size images.
    public static func psnr(_ a: Image, _ b: Image) -> Double {
        precondition(a.size == b.size)
        var squared = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                for channel in 0..<min(3, p.count, q.count) {
                    let difference = Double(p[channel]) - Double(q[channel])
                    squared += difference * difference
                }
            }
        }
        let mean = squared / Double(a.size.pixelCount * 3)
        return mean == 0 ? 99 : 10 * log10(255 * 255 / mean)
    }

    /// The largest channel difference between two same-size, same-format images.
    public static func maxDifference(_ a: Image, _ b: Image) -> Int {
        precondition(a.size == b.size && a.format == b.format)
        var worst = 0
        for y in 0..<a.height {
            let rowA = a.pixels[(y * a.bytesPerRow)..<(y * a.bytesPerRow + a.width * a.format.bytesPerPixel)]
            let rowB = b.pixels[(y * b.bytesPerRow)..<(y * b.bytesPerRow + b.width * b.format.bytesPerPixel)]
            for (p, q) in zip(rowA, rowB) { worst = max(worst, abs(Int(p) - Int(q))) }
        }
        return worst
    }
}

/// Colours of the orientation fixture's quadrants, upright.
public enum Quadrants {
    public static let red: [UInt8] = [255, 0, 0]
    public static let green: [UInt8] = [0, 255, 0]
    public static let blue: [UInt8] = [0, 0, 255]
    public static let yellow: [UInt8] = [255, 255, 0]

    /// The RGB colour at the centre of each quadrant of `image` (TL, TR, BL, BR).
    public static func sample(_ image: Image) -> [[UInt8]] {
        let w = image.width, h = image.height
        return [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)].map {
            Array(image.pixel(x: $0.0, y: $0.1).prefix(3))
        }
    }
}
