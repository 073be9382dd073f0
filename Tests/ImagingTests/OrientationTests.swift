import Imaging
import Testing
import TestSupport

@Suite struct OrientationTests {
    /// A 3×2 gray image whose pixel values are their indices 0...5.
    static let numbered = Image(width: 3, height: 2, format: .gray8, pixels: [0, 1, 2, 3, 4, 5])

    @Test(arguments: [
        (Orientation.up, 3, [0, 1, 2, 3, 4, 5]),
        (.upMirrored, 3, [2, 1, 0, 5, 4, 3]),
        (.down, 3, [5, 4, 3, 2, 1, 0]),
        (.downMirrored, 3, [3, 4, 5, 0, 1, 2]),
        (.leftMirrored, 2, [0, 3, 1, 4, 2, 5]),
        (.right, 2, [3, 0, 4, 1, 5, 2]),
        (.rightMirrored, 2, [5, 2, 4, 1, 3, 0]),
        (.left, 2, [2, 5, 1, 4, 0, 3]),
    ])
    func transformMovesEveryPixel(orientation: Orientation, width: Int, expected: [UInt8]) {
        let result = Self.numbered.applying(orientation)
        #expect(result.width == width)
        #expect(result.pixels == expected)
    }

    @Test(arguments: Orientation.allCases, [PixelFormat.gray8, .rgb8, .rgba8])
    func transformWorksForEveryPixelFormat(orientation: Orientation, format: PixelFormat) {
        let channels = format.bytesPerPixel
        let source = Image(width: 3, height: 2, format: format,
                           pixels: (0..<6).flatMap { index in (0..<channels).map { UInt8(index * 10 + $0) } })
        let gray = Self.numbered.applying(orientation)
        let result = source.applying(orientation)
        for y in 0..<result.height {
            for x in 0..<result.width {
                let index = Int(gray.pixel(x: x, y: y)[0])
                #expect(result.pixel(x: x, y: y) == (0..<channels).map { UInt8(index * 10 + $0) })
            }
        }
    }

    @Test(arguments: 1...8)
    func fixtureDecodesUpright(value: Int) throws {
        let decoded = try Fixtures.decode("orientation/orientation-\(value).jpg")
        #expect(decoded.info.metadata.orientation.rawValue == value)
        #expect(decoded.image.size == PixelSize(width: 128, height: 96))
        let expected = [Quadrants.red, Quadrants.green, Quadrants.blue, Quadrants.yellow]
        for (actual, wanted) in zip(Quadrants.sample(decoded.image), expected) {
            #expect(PixelMatch.near(actual, wanted, tolerance: 40), "orientation \(value): \(actual) ≠ \(wanted)")
        }
    }

    @Test func valuesOutsideOneToEightMeanUpright() {
        #expect(Orientation(exifValue: 0) == .up)
        #expect(Orientation(exifValue: 9) == .up)
        #expect(Orientation(exifValue: 6) == .right)
    }
}
