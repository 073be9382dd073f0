import Imaging
import Testing
import TestSupport

/// A picture shown whole on a frame of another shape: its blurred,
/// darkened cover behind it, the picture itself untouched in the middle.
@Suite struct BlurredBackdropTests {
    /// `width`×`height`, black on the left half and white on the right.
    static func halves(width: Int, height: Int, format: PixelFormat = .rgb8) -> Image {
        let channels = format.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in width / 2..<width {
                for channel in 0..<channels { pixels[(y * width + x) * channels + channel] = 255 }
            }
        }
        return Image(width: width, height: height, format: format, pixels: pixels)
    }

    @Test func aBackdropIsTheFramesSizeBlurredAndDarker() {
        let picture = Self.halves(width: 300, height: 400)
        let backdrop = picture.blurredBackdrop(size: PixelSize(width: 480, height: 360))
        #expect(backdrop.size == PixelSize(width: 480, height: 360))
        #expect(backdrop.format == .rgb8)
        // The hard edge in the middle is spread over many pixels: no neighbours far apart.
        var steepest = 0
        for x in 1..<backdrop.width {
            steepest = max(steepest, abs(Int(backdrop.pixel(x: x, y: 180)[0]) - Int(backdrop.pixel(x: x - 1, y: 180)[0])))
        }
        #expect(steepest < 24)
        // Both halves still show, each darker than the picture's.
        #expect(backdrop.pixel(x: 0, y: 180)[0] < 40)
        let right = backdrop.pixel(x: 479, y: 180)[0]
        #expect(right > 150 && right < 215)
    }

    @Test func aBackdropKeepsAlpha() {
        let picture = Image(width: 40, height: 20, format: .rgba8, pixels: [UInt8](repeating: 200, count: 40 * 20 * 4))
        let backdrop = picture.blurredBackdrop(size: PixelSize(width: 30, height: 30))
        let pixel = backdrop.pixel(x: 15, y: 15)
        #expect(pixel[3] == 200)
        #expect(PixelMatch.near(Array(pixel[0..<3]), [150, 150, 150], tolerance: 2))
    }

    /// Without alpha every byte is a colour, darkened in one pass: 201
    /// keeps three quarters, rounded to nearest (150.75 → 151), in every
    /// channel of every pixel.
    @Test func anOpaqueBackdropKeepsThreeQuartersOfEveryChannel() {
        let picture = Image(width: 90, height: 60, format: .rgb8, pixels: [UInt8](repeating: 201, count: 90 * 60 * 3))
        let backdrop = picture.blurredBackdrop(size: PixelSize(width: 64, height: 48))
        #expect(backdrop.pixels.allSatisfy { $0 == 151 })
    }

    @Test func aPicturePlacedOnItsBackdropIsCentredAndUntouched() {
        let picture = Self.halves(width: 270, height: 360)
        let frame = picture.placedCentered(on: picture.blurredBackdrop(size: PixelSize(width: 480, height: 360)))
        #expect(frame.size == PixelSize(width: 480, height: 360))
        // Columns 105..<375 are the picture, byte for byte.
        for y in stride(from: 0, to: 360, by: 7) {
            for x in 0..<270 { #expect(frame.pixel(x: 105 + x, y: y) == picture.pixel(x: x, y: y)) }
        }
        // Beside it, the backdrop: black gone dark grey on the left is still dark, never the picture's white.
        #expect(frame.pixel(x: 50, y: 180)[0] < 40)
        #expect(frame.pixel(x: 430, y: 180)[0] < 215)
    }
}
