#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Testing
import TestSupport

@Suite struct ResizeTests {
    @Test(arguments: [PixelSize(width: 33, height: 27), PixelSize(width: 1, height: 1), PixelSize(width: 250, height: 10)])
    func solidStaysSolid(size: PixelSize) {
        let solid = Image(width: 100, height: 80, format: .rgb8,
                          pixels: Array([UInt8]([10, 200, 90]).lazy.cycled(times: 8000)))
        let result = solid.resized(to: size)
        #expect(result.size == size)
        for y in 0..<size.height { for x in 0..<size.width { #expect(result.pixel(x: x, y: y) == [10, 200, 90]) } }
    }

    @Test func edgesStayWhereTheyWere() {
        var pixels = [UInt8]()
        for _ in 0..<64 { for x in 0..<64 { pixels.append(x < 32 ? 0 : 255) } }
        let result = Image(width: 64, height: 64, format: .gray8, pixels: pixels).resized(to: PixelSize(width: 16, height: 16))
        #expect(result.pixel(x: 3, y: 8) == [0])
        #expect(result.pixel(x: 12, y: 8) == [255])
    }

    @Test func transparentPixelsDoNotBleedColour() {
        // Left half transparent red, right half opaque blue.
        var pixels = [UInt8]()
        for _ in 0..<32 { for x in 0..<32 { pixels += x < 16 ? [255, 0, 0, 0] : [0, 0, 255, 255] } }
        let result = Image(width: 32, height: 32, format: .rgba8, pixels: pixels).resized(to: PixelSize(width: 8, height: 8))
        for x in 0..<8 {
            let pixel = result.pixel(x: x, y: 4)
            if pixel[3] > 0 { #expect(pixel[0] < 10, "red bled into \(pixel) at x=\(x)") }
        }
        #expect(result.pixel(x: 0, y: 4)[3] == 0)
        #expect(result.pixel(x: 7, y: 4) == [0, 0, 255, 255])
    }

    @Test(arguments: [
        (TargetSize.edge(256), PixelSize(width: 4032, height: 3024), PixelSize(width: 256, height: 192)),
        (.edge(256, fit: .cover), PixelSize(width: 4032, height: 3024), PixelSize(width: 341, height: 256)),
        (.edge(1024), PixelSize(width: 640, height: 480), PixelSize(width: 640, height: 480)),
        (TargetSize(width: 100, height: 300), PixelSize(width: 400, height: 400), PixelSize(width: 100, height: 100)),
    ])
    func targetSizesKeepAspect(target: TargetSize, source: PixelSize, result: PixelSize) {
        #expect(target.resultSize(for: source) == result)
    }
}

extension LazySequence {
    func cycled(times: Int) -> [Element] { (0..<times).flatMap { _ in Array(self) } }
}

@Suite struct OrientedResizeTests {
    @Test(arguments: Orientation.allCases, [PixelFormat.gray8, .rgb8, .rgba8])
    func turningWhileResizingEqualsResizingThenTurning(orientation: Orientation, format: PixelFormat) {
        let channels = format.bytesPerPixel
        var pixels = [UInt8]()
        for y in 0..<30 { for x in 0..<50 { for c in 0..<channels { pixels.append(UInt8((x * 5 + y * 3 + c * 40) % 256)) } } }
        let image = Image(width: 50, height: 30, format: format, pixels: pixels)
        let size = PixelSize(width: 20, height: 12)
        #expect(image.resized(to: size, orientation: orientation) == image.resized(to: size).applying(orientation))
    }
}

/// The resampler against Lanczos-3 written out plainly in doubles: odd and
/// even widths, shrinking and enlarging, one, three and four channels.
/// 8-bit pixels go through fixed point: weights to 2^-14 and the vertical
/// pass's words to 2^-6 may move a result a few hundredths past rounding's
/// half (0.52 at worst here), never a whole level more.
@Suite struct ResamplerReferenceTests {
    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        if abs(x) >= 3 { return 0 }
        let angle: Double = Double.pi * x
        let numerator: Double = 3 * sin(angle) * sin(angle / 3)
        return numerator / (angle * angle)
    }

    /// Normalised weights of every input sample for each output sample
    /// (sizes here stay under the resampler's 6× box-shrink threshold).
    static func weights(from input: Int, to output: Int) -> [[(index: Int, weight: Double)]] {
        let ratio = Double(input) / Double(output), scale = max(ratio, 1), support = 3 * scale
        return (0..<output).map { index in
            let center = (Double(index) + 0.5) * ratio
            let first = max(0, Int((center - support).rounded(.down))), last = min(input, Int((center + support).rounded(.up)))
            let taps = (first..<last).map { ($0, lanczos((Double($0) + 0.5 - center) / scale)) }
            let total = taps.reduce(0) { $0 + $1.1 }
            return taps.map { ($0.0, $0.1 / total) }
        }
    }

    static func reference(_ image: Image, to size: PixelSize) -> [Double] {
        let channels = image.format.bytesPerPixel
        let rows = weights(from: image.height, to: size.height), columns = weights(from: image.width, to: size.width)
        var vertical = [Double](repeating: 0, count: size.height * image.width * channels)
        for y in 0..<size.height {
            for x in 0..<image.width * channels {
                vertical[y * image.width * channels + x] = rows[y].reduce(0) {
                    $0 + $1.weight * Double(image.pixels[$1.index * image.bytesPerRow + x])
                }
            }
        }
        var result = [Double](repeating: 0, count: size.pixelCount * channels)
        for y in 0..<size.height {
            for x in 0..<size.width {
                for channel in 0..<channels {
                    result[(y * size.width + x) * channels + channel] = columns[x].reduce(0) {
                        $0 + $1.weight * vertical[(y * image.width + $1.index) * channels + channel]
                    }
                }
            }
        }
        return result
    }

    @Test(arguments: [PixelFormat.gray8, .rgb8, .rgba8],
          [PixelSize(width: 17, height: 11), PixelSize(width: 18, height: 9), PixelSize(width: 80, height: 50), PixelSize(width: 5, height: 4)])
    func matchesPlainLanczos(format: PixelFormat, size: PixelSize) {
        let channels = format.bytesPerPixel
        var pixels = [UInt8]()
        for y in 0..<23 {
            for x in 0..<37 {
                for channel in 0..<channels {
                    // Opaque alpha (no premultiplying); sharp edges and a ramp, so every tap matters.
                    pixels.append(channel == 3 ? 255 : UInt8(((x / 4 + y / 3) % 2 == 0 ? 30 : 220) + (x * 7 + channel * 13) % 30))
                }
            }
        }
        let image = Image(width: 37, height: 23, format: format, pixels: pixels)
        let result = image.resized(to: size)
        let expected = Self.reference(image, to: size)
        #expect(result.size == size && result.format == format)
        let worst = zip(result.pixels, expected).map { abs(Double($0) - min(max($1, 0), 255)) }.max() ?? 0
        #expect(worst <= 0.55, "\(format) → \(size): off by up to \(worst)")
    }
}

/// The box shrink divides by multiplying: it must round exactly as
/// (sum + count / 2) / count, for full and edge blocks.
@Suite struct BoxShrinkTests {
    @Test(arguments: [2, 3, 5, 7])
    func blocksAreRoundedMeans(factor: Int) {
        let width = 23, height = 11
        var pixels = [UInt8]()
        for y in 0..<height { for x in 0..<width { for c in 0..<3 { pixels.append(UInt8((x * 37 + y * 91 + c * 53) % 256)) } } }
        let image = Image(width: width, height: height, format: .rgb8, pixels: pixels)
        let box = image.boxShrunk(by: factor)
        #expect(box.size == PixelSize(width: (width + factor - 1) / factor, height: (height + factor - 1) / factor))
        for y in 0..<box.height {
            for x in 0..<box.width {
                for c in 0..<3 {
                    var sum = 0, count = 0
                    for v in y * factor..<min(height, (y + 1) * factor) {
                        for u in x * factor..<min(width, (x + 1) * factor) { sum += Int(pixels[(v * width + u) * 3 + c]); count += 1 }
                    }
                    #expect(Int(box.pixel(x: x, y: y)[c]) == (sum + count / 2) / count, "(\(x), \(y)) channel \(c)")
                }
            }
        }
    }
}
