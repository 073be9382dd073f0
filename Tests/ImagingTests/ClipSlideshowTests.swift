@testable import Imaging
import Testing
import TestSupport

/// A video in a slideshow plays on its slide, muted, for its seconds: the
/// slides' times add up, and its frames move while the photos' stand still.
@Suite struct ClipSlideshowTests {
    @Test func aClipPlaysOnItsSlideBetweenPhotos() throws {
        let red = Image(width: 32, height: 24, format: .rgb8, pixels: [UInt8]((0..<32 * 24).flatMap { _ in [220, 20, 20] }))
        var options = SlideshowOptions(canvas: PixelSize(width: 64, height: 48), secondsPerPhoto: 1, crossfadeSeconds: 0.25,
                                       frameRate: 10)
        options.clipSeconds = 1.5
        let clip = VideoDecoderTests.clip("iphone-hevc.mov")
        let show = try Slideshow(photos: [.image(red), .clip(path: clip, seconds: 1.5), .image(red)], options: options)
        // 1 + 1.5 + 1 − 2 × 0.25 s at 10 fps.
        #expect(show.durationSeconds == 3)
        #expect(show.frameCount == 30)
        var frames: [Image] = []
        while let frame = try show.nextFrame() { frames.append(frame) }
        #expect(frames.count == 30)
        // The clip's slide runs from 0.75 s to 2.25 s: its frames change (the clip moves), the photo's do not.
        #expect(frames[1] == frames[2])
        #expect(frames[10] != frames[14] && frames[14] != frames[18])
        // Upright and contained: a portrait in the middle of the landscape canvas, black beside it.
        #expect(frames[14].pixel(x: 2, y: 24) == [0, 0, 0])
        #expect(frames[14].pixel(x: 32, y: 24) != [0, 0, 0])
        #expect(frames[29].pixel(x: 32, y: 12)[0] > 200)
    }

    @Test func aMissingClipIsNamedByItsSlide() throws {
        var options = SlideshowOptions(canvas: PixelSize(width: 64, height: 48), secondsPerPhoto: 1, crossfadeSeconds: 0, frameRate: 10)
        options.clipSeconds = 1
        let show = try Slideshow(photos: [.clip(path: "/nonexistent/clip.mov", seconds: 1)], options: options)
        #expect(throws: ImagingError.self) { _ = try show.nextFrame() }
        #expect(show.failedPhoto == 0)
    }
}
