@testable import Imaging
import Testing

/// `NearestColor` against a search of the whole palette.
@Suite struct NearestColorTests {
    @Test(arguments: [1, 2, 17, 255, 256])
    func findsTheSameEntryAsAFullSearch(entries: Int) {
        var random = SeededBytes(seed: 99)
        // A palette with repeated entries, so ties must go to the lower index.
        var palette = (0..<entries * 3).map { _ in random.next() }
        if entries > 2 { palette[3..<6] = palette[0..<3] }
        var pixels = [UInt8]()
        for _ in 0..<4000 { pixels += [random.next(), random.next(), random.next(), 255] }
        for value in [0, 15, 16, 255] as [UInt8] { pixels += [value, value, 255 - value, 255] }
        expectFullSearchAgrees(palette: palette, pixels: pixels)
    }

    /// Palettes as a quantizer makes them for a photo: entries crowded
    /// around a few colours, some repeated, some one step apart, so many
    /// share a cell and the guide's test decides which are listed; pixels
    /// around the same colours and on cell edges.
    @Test(arguments: [1, 2, 3, 4])
    func findsTheSameEntryOnCrowdedPalettes(seed: UInt32) {
        var random = SeededBytes(seed: seed)
        let centres = (0..<5).map { _ in (0..<3).map { _ in Int(random.next()) } }
        func near(_ centre: [Int], within spread: Int) -> [UInt8] {
            centre.map { UInt8(clamping: $0 + Int(random.next()) % (2 * spread + 1) - spread) }
        }
        var palette = [UInt8]()
        for entry in 0..<256 {
            let centre = centres[entry % centres.count]
            switch entry % 7 {
            case 0 where entry >= 7: palette += palette[(entry - 7) * 3..<(entry - 7) * 3 + 3]
            case 1 where entry >= 7: palette += palette[(entry - 7) * 3..<(entry - 7) * 3 + 2] + [palette[(entry - 7) * 3 + 2] &+ 1]
            default: palette += near(centre, within: 6)
            }
        }
        var pixels = [UInt8]()
        for pixel in 0..<20_000 { pixels += near(centres[pixel % centres.count], within: 14) + [255] }
        for edge in [0, 7, 8, 31, 32, 127, 128, 248, 255] as [UInt8] {
            for other in [0, 8, 128, 255] as [UInt8] { pixels += [edge, other, edge, 255, other, edge, edge &+ 1, 0] }
        }
        expectFullSearchAgrees(palette: palette, pixels: pixels)
    }

    private func expectFullSearchAgrees(palette: [UInt8], pixels: [UInt8]) {
        let image = Image(width: pixels.count / 4, height: 1, format: .rgba8, pixels: pixels)
        let indices = NearestColor(palette: palette).indices(for: image)
        for pixel in 0..<image.width {
            var best = 0, bestDistance = Int.max
            for entry in 0..<palette.count / 3 {
                let distance = (0..<3).map { Int(pixels[pixel * 4 + $0]) - Int(palette[entry * 3 + $0]) }.map { $0 * $0 }.reduce(0, +)
                if distance < bestDistance { (best, bestDistance) = (entry, distance) }
            }
            #expect(Int(indices[pixel]) == best, "pixel \(pixel)")
            if Int(indices[pixel]) != best { break }
        }
    }
}

/// Bytes from a linear congruential generator: the same every run.
struct SeededBytes {
    private var state: UInt32

    init(seed: UInt32) {
        state = seed
    }

    mutating func next() -> UInt8 {
        state = state &* 1_103_515_245 &+ 12345
        return UInt8(truncatingIfNeeded: state >> 16)
    }
}
