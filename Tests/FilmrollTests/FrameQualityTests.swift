import Filmroll
import Testing
import TestSupport

/// Sharpness and exposure name the sharp, well exposed frame of a burst.
@Suite struct FrameQualityTests {
    static let sharp = SimilarTestScenes.scene(seed: 11)

    @Test func blurLowersSharpness() {
        let sharp = FrameQuality(of: Self.sharp)
        let blurred = FrameQuality(of: SimilarTestScenes.boxBlurred(Self.sharp, radius: 2))
        let moreBlurred = FrameQuality(of: SimilarTestScenes.boxBlurred(Self.sharp, radius: 4))
        #expect(sharp.sharpness > 2 * blurred.sharpness, "\(sharp.sharpness) against \(blurred.sharpness)")
        #expect(blurred.sharpness > moreBlurred.sharpness)
        #expect(sharp.score > blurred.score && blurred.score > moreBlurred.score)
    }

    @Test func theSharpFrameOfABurstIsBest() {
        // Six frames, each moved a little; all but the fourth blurred.
        let frames = (0..<6).map { frame in
            let moved = SimilarTestScenes.shifted(Self.sharp, dx: frame - 2, dy: (frame % 3) - 1)
            return frame == 3 ? moved : SimilarTestScenes.boxBlurred(moved, radius: 1 + frame % 2)
        }
        #expect(FrameQuality.best(of: frames.map { FrameQuality(of: $0) }) == 3)
        #expect(FrameQuality.best(of: []) == nil)
    }

    @Test func sizeDoesNotChangeTheMeasureMuch() {
        let full = FrameQuality(of: Self.sharp)
        let large = FrameQuality(of: Self.sharp.resized(to: PixelSize(width: 768, height: 512)))
        #expect(abs(full.sharpness - large.sharpness) < 0.5 * full.sharpness, "\(full.sharpness) against \(large.sharpness)")
    }

    @Test func clippedAndDarkFramesScoreLower() {
        var dark = Self.sharp.pixels, burnt = Self.sharp.pixels
        for at in dark.indices {
            dark[at] /= 4
            burnt[at] = UInt8(min(255, Int(burnt[at]) * 3))
        }
        let (width, height) = (Self.sharp.width, Self.sharp.height)
        let normal = FrameQuality(of: Self.sharp)
        let under = FrameQuality(of: Image(width: width, height: height, format: .rgb8, pixels: dark))
        let over = FrameQuality(of: Image(width: width, height: height, format: .rgb8, pixels: burnt))
        #expect(under.exposureOffset > normal.exposureOffset + 0.3)
        #expect(over.clippedShare > 0.3 && normal.clippedShare < 0.05, "\(over.clippedShare), \(normal.clippedShare)")
        #expect(normal.score > under.score && normal.score > over.score)
        let black = FrameQuality(of: Image(width: 50, height: 50, format: .gray8))
        #expect(black.sharpness == 0 && black.clippedShare == 1 && black.exposureOffset == 1)
    }
}
