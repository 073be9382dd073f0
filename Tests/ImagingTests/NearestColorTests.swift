@testable import Imaging
import Testing

/// `NearestColor` against a search of the whole palette.
@Suite struct NearestColorTests {
    @Test(arguments: [2, 17, 255])
    func findsTheSameEntryAsAFullSearch(entries: Int) {
        var state: UInt32 = 99
        func next() -> UInt8 {
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        // A palette with repeated entries, so ties must go to the lower index.
        var palette = (0..<entries * 3).map { _ in next() }
        if entries > 2 { palette[3..<6] = palette[0..<3] }
        var pixels = [UInt8]()
        for _ in 0..<4000 { pixels += [next(), next(), next(), 255] }
        for value in [0, 15, 16, 255] as [UInt8] { pixels += [value, value, 255 - value, 255] }
        let image = Image(width: pixels.count / 4, height: 1, format: .rgba8, pixels: pixels)
        let indices = NearestColor(palette: palette).indices(for: image)
        for pixel in 0..<image.width {
            var best = 0, bestDistance = Int.max
            for entry in 0..<entries {
                let distance = (0..<3).map { Int(pixels[pixel * 4 + $0]) - Int(palette[entry * 3 + $0]) }.map { $0 * $0 }.reduce(0, +)
                if distance < bestDistance { (best, bestDistance) = (entry, distance) }
            }
            #expect(Int(indices[pixel]) == best, "pixel \(pixel)")
            if Int(indices[pixel]) != best { break }
        }
    }
}
