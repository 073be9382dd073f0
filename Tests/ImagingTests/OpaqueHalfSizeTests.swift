@testable import Imaging
import Testing

/// `opaqueHalfSize()` is `opaque().boxShrunk(by: 2)` in one pass.
@Suite struct OpaqueHalfSizeTests {
    @Test(arguments: [(1, 1), (2, 2), (3, 5), (8, 1), (1, 7), (33, 20), (480, 9)])
    func matchesTheOpaqueBoxShrink(width: Int, height: Int) {
        var random = SeededBytes(seed: UInt32(width * 1000 + height))
        let pixels = (0..<width * height * 4).map { _ in random.next() }
        let image = Image(width: width, height: height, format: .rgba8, pixels: pixels)

        let half = image.opaqueHalfSize()

        let expected = image.opaque().boxShrunk(by: 2)
        #expect(half.size == expected.size)
        #expect(half.pixels == expected.pixels)
    }
}
