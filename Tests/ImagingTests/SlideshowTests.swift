import Foundation
import Imaging
import Testing
import TestSupport

/// Slideshows: exact frame counts, crossfades that mix the two photos,
/// zooms that move and stay inside the picture, photos upright.
@Suite struct SlideshowTests {
    static let canvas = PixelSize(width: 320, height: 180)

    static func solid(_ colour: RGBColor, _ size: PixelSize = canvas) -> SlideshowPhoto {
        .image(Image.filled(size, with: colour))
    }

    static func frames(_ slideshow: Slideshow) throws -> [Image] {
        var frames: [Image] = []
        while let frame = try slideshow.nextFrame() { frames.append(frame) }
        return frames
    }

    /// (photos, seconds, crossfade, fps, frames): N × seconds − (N − 1) × crossfade, in whole frames.
    static let counts: [(Int, Double, Double, FrameRate, Int)] = [
        (4, 2, 0.5, 10, 65),                                                  // 6.5 s
        (4, 2, 0.5, FrameRate(numerator: 30_000, denominator: 1001)!, 195),   // 194.8 rounds up
        (1, 2.5, 0.5, 30, 75),                                                // one photo: no crossfade
        (3, 2.5, 0, 30, 225),                                                 // cuts
        (10, 3, 1.5, 24, 396),                                                // 16.5 s
    ]

    @Test(arguments: 0..<counts.count)
    func theFrameCountIsTheDurationInWholeFrames(case index: Int) throws {
        let (photos, seconds, crossfade, rate, expected) = Self.counts[index]
        let options = SlideshowOptions(canvas: PixelSize(width: 32, height: 18), secondsPerPhoto: seconds,
                                       crossfadeSeconds: crossfade, frameRate: rate)
        let slideshow = try Slideshow(photos: (0..<photos).map { _ in Self.solid(.white, PixelSize(width: 8, height: 8)) },
                                      options: options)
        #expect(slideshow.frameCount == expected)
        #expect(try Self.frames(slideshow).count == expected)
    }

    /// 2 s per photo, 0.4 s crossfade, 10 fps: photo 1 starts at 1.6 s, so
    /// frame 18 (1.8 s) is half of each; frame 16 is all red, frame 20 all blue.
    @Test func aMidCrossfadeFrameIsHalfOfEachPhoto() throws {
        let red = RGBColor(red: 255, green: 0, blue: 0), blue = RGBColor(red: 0, green: 0, blue: 255)
        let options = SlideshowOptions(canvas: Self.canvas, secondsPerPhoto: 2, crossfadeSeconds: 0.4, frameRate: 10)
        let slideshow = try Slideshow(photos: [Self.solid(red), Self.solid(blue)], options: options)
        #expect(slideshow.frameCount == 36)
        let composition = slideshow.composition(ofFrame: 18)
        #expect(composition.photo == 0 && composition.next?.photo == 1)
        #expect(abs((composition.next?.mix ?? 0) - 0.5) < 1e-9)

        let frames = try Self.frames(slideshow)
        #expect(frames[15].pixel(x: 100, y: 90) == [255, 0, 0])
        #expect(frames[16].pixel(x: 100, y: 90) == [255, 0, 0], "the fade starts at 0")
        #expect(frames[17].pixel(x: 100, y: 90) == [191, 0, 64], "a quarter in")
        #expect(frames[18].pixel(x: 100, y: 90) == [128, 0, 128])
        #expect(frames[20].pixel(x: 100, y: 90) == [0, 0, 255])
        #expect(frames[35].pixel(x: 319, y: 179) == [0, 0, 255])
    }

    /// `contain` keeps the whole photo on the background; `cover` fills the canvas.
    @Test func containLeavesTheBackgroundAndCoverFills() throws {
        let green = RGBColor(red: 0, green: 200, blue: 0)
        let square = Self.solid(green, PixelSize(width: 90, height: 90))
        var options = SlideshowOptions(canvas: Self.canvas, secondsPerPhoto: 1, crossfadeSeconds: 0, frameRate: 10)
        options.background = RGBColor(red: 20, green: 30, blue: 40)
        let contained = try #require(try Slideshow(photos: [square], options: options).nextFrame())
        #expect(contained.size == Self.canvas)
        #expect(contained.pixel(x: 5, y: 90) == [20, 30, 40])
        #expect(contained.pixel(x: 314, y: 90) == [20, 30, 40])
        #expect(contained.pixel(x: 160, y: 90) == [0, 200, 0])
        #expect(contained.pixel(x: 160, y: 0) == [0, 200, 0], "the square is enlarged to the canvas's height")
        #expect(contained.pixel(x: 69, y: 90) == [20, 30, 40] && contained.pixel(x: 71, y: 90) == [0, 200, 0])

        options.fit = .cover
        let covered = try #require(try Slideshow(photos: [square], options: options).nextFrame())
        for (x, y) in [(0, 0), (319, 0), (0, 179), (319, 179), (160, 90)] {
            #expect(covered.pixel(x: x, y: y) == [0, 200, 0])
        }
    }

    /// A photo whose left half is red and right half blue, zoomed toward
    /// the right: the boundary starts in the middle and moves left by the
    /// drift the zoom leaves room for; no frame shows the background.
    @Test func kenBurnsZoomsAndPansInsideThePicture() throws {
        var pixels: [UInt8] = []
        for _ in 0..<360 { for x in 0..<640 { pixels += x < 320 ? [255, 0, 0] : [0, 0, 255] } }
        let halves = SlideshowPhoto.image(Image(width: 640, height: 360, format: .rgb8, pixels: pixels))
        var options = SlideshowOptions(canvas: Self.canvas, fit: .cover, secondsPerPhoto: 2, crossfadeSeconds: 0,
                                       frameRate: 10, kenBurns: KenBurns(scale: 1.1, pan: 0.8))
        options.background = RGBColor(red: 0, green: 255, blue: 0)
        let frames = try Self.frames(try Slideshow(photos: [halves], options: options))
        #expect(frames.count == 20)

        func boundary(_ frame: Image) -> Double {
            // The red-to-blue edge on the middle row, to a fraction of a pixel.
            var redness = 0.0
            for x in 0..<frame.width { redness += Double(frame.pixel(x: x, y: 90)[0]) / 255 }
            return redness
        }
        #expect(abs(boundary(frames[0]) - 160) < 0.6)
        // Frame 19 is 95% through: zoom 1.1^0.95, the view's centre 0.95 × 0.0364 right of the middle.
        let zoom = pow(1.1, 0.95), drift = (1 - 1 / 1.1) / 2 * 0.8 * 0.95
        #expect(abs(boundary(frames[19]) - (160 - drift * 320 * zoom)) < 0.6)
        let edges = frames.map(boundary)
        #expect(zip(edges, edges.dropFirst()).allSatisfy { $0 > $1 }, "the edge moves steadily: \(edges)")
        for frame in frames {
            for (x, y) in [(0, 0), (319, 0), (0, 179), (319, 179)] { #expect(frame.pixel(x: x, y: y)[1] == 0) }
        }
    }

    /// Every photo's zoom: each frame differs from the one before, and the
    /// first frame of a zoom-in is the still picture.
    @Test func zoomFramesDifferFromFrameToFrame() throws {
        let photo = try Fixtures.decode("jpeg/photo.jpg").image
        let options = SlideshowOptions(canvas: Self.canvas, fit: .cover, secondsPerPhoto: 1, crossfadeSeconds: 0.25,
                                       frameRate: 10, kenBurns: KenBurns())
        let frames = try Self.frames(try Slideshow(photos: [.image(photo), .image(photo)], options: options))
        #expect(frames.count == 18)
        for (index, pair) in zip(frames, frames.dropFirst()).enumerated() {
            #expect(PixelMatch.meanLumaDifference(pair.0, pair.1) > 0.05, "frames \(index) and \(index + 1)")
        }
        let still = try #require(try Slideshow(photos: [.image(photo)], options: SlideshowOptions(
            canvas: Self.canvas, fit: .cover, secondsPerPhoto: 1, crossfadeSeconds: 0, frameRate: 10)).nextFrame())
        #expect(PixelMatch.psnr(frames[0], still) > 30)
        #expect(PixelMatch.psnr(frames[9], still) < 25, "10 frames later the view has moved")
    }

    /// Files come through the pipeline upright (EXIF 6 turned) and are
    /// decoded once each, however many frames show them.
    @Test func filesAreUprightAndDecodedOnce() throws {
        let pipeline = ImagePipeline()
        let sources = try ["orientation/orientation-6.jpg", "orientation/upright.png"].map { try SourceIdentity.of(Fixtures.path($0)) }
        let options = SlideshowOptions(canvas: PixelSize(width: 256, height: 192), secondsPerPhoto: 1, crossfadeSeconds: 0.5,
                                       frameRate: 10, kenBurns: KenBurns(scale: 1.05))
        let frames = try Self.frames(try Slideshow(photos: sources.map { .file($0) }, options: options, pipeline: pipeline))
        #expect(frames.count == 15)
        #expect(pipeline.decodeCount == 2)
        // Upright quadrants: red top left, green top right, blue bottom left, yellow bottom right.
        for frame in [frames[0], frames[14]] {
            #expect(PixelMatch.near(frame.pixel(x: 40, y: 40), [255, 0, 0], tolerance: 12))
            #expect(PixelMatch.near(frame.pixel(x: 216, y: 40), [0, 255, 0], tolerance: 12))
            #expect(PixelMatch.near(frame.pixel(x: 40, y: 152), [0, 0, 255], tolerance: 12))
            #expect(PixelMatch.near(frame.pixel(x: 216, y: 152), [255, 255, 0], tolerance: 12))
        }
    }

    @Test func aSlideshowEncodesToAnMP4OfItsFrames() throws {
        let folder = try VideoScratch()
        let path = folder.file("slides.mp4")
        let photo = try Fixtures.decode("jpeg/photo.jpg").image
        let options = SlideshowOptions(canvas: PixelSize(width: 255, height: 143), secondsPerPhoto: 1, crossfadeSeconds: 0.5,
                                       frameRate: FrameRate(numerator: 30_000, denominator: 1001)!, kenBurns: KenBurns())
        let slideshow = try Slideshow(photos: [.image(photo), Self.solid(.white)], options: options)
        #expect(slideshow.canvas == PixelSize(width: 254, height: 142))
        #expect(try slideshow.encode(to: path, options: VideoOptions(crf: 18)))
        let (info, frames) = try VideoFixtures.decodeAll(path)
        #expect(info.size == PixelSize(width: 254, height: 142))
        #expect(frames.count == 45)   // 1.5 s at 29.97 fps
        #expect(info.frameRate == FrameRate(numerator: 30_000, denominator: 1001))
        #expect(PixelMatch.near(frames[44].image.pixel(x: 127, y: 71), [255, 255, 255], tolerance: 3))

        var asked = 0
        let stopped = try Slideshow(photos: [.image(photo)], options: options).encode(to: folder.file("stopped.mp4")) {
            asked += 1
            return asked > 5
        }
        #expect(!stopped)
        #expect(VideoFixtures.names(in: folder.path) == ["slides.mp4"])
    }

    /// A photo that cannot be read fails its frames with one line, says
    /// which photo it was, and leaves no video behind.
    @Test func anUnreadablePhotoFailsAndNamesItself() throws {
        let folder = try VideoScratch()
        let bad = try SourceIdentity.of(Fixtures.path("bad/not-an-image.jpg"))
        let options = SlideshowOptions(canvas: PixelSize(width: 64, height: 36), secondsPerPhoto: 1, crossfadeSeconds: 0.5,
                                       frameRate: 10)
        let slideshow = try Slideshow(photos: [Self.solid(.white), .file(bad)], options: options)
        #expect(slideshow.failedPhoto == nil)
        #expect(throws: ImagingError.unrecognizedFormat) { try slideshow.encode(to: folder.file("bad.mp4")) }
        #expect(slideshow.failedPhoto == 1)
        #expect(VideoFixtures.names(in: folder.path).isEmpty)
    }

    @Test(arguments: [
        SlideshowOptions(secondsPerPhoto: 0),
        SlideshowOptions(secondsPerPhoto: .nan),
        SlideshowOptions(secondsPerPhoto: 2, crossfadeSeconds: 1.5),
        SlideshowOptions(crossfadeSeconds: -1),
        SlideshowOptions(canvas: PixelSize(width: 1, height: 100)),
        SlideshowOptions(kenBurns: KenBurns(scale: 3)),
        SlideshowOptions(kenBurns: KenBurns(pan: 2)),
    ])
    func invalidOptionsAreRefused(options: SlideshowOptions) throws {
        #expect(throws: ImagingError.self) { try Slideshow(photos: [Self.solid(.white)], options: options) }
    }

    @Test func noPhotosOrTooManyFramesAreRefused() throws {
        #expect(throws: ImagingError.videoEncodingFailed("a slideshow needs at least one photo")) {
            try Slideshow(photos: [])
        }
        var options = SlideshowOptions(secondsPerPhoto: 3600, frameRate: 60)
        options.maxFrames = 1000
        #expect(throws: ImagingError.limitExceeded(.slideshowFrames(count: 216_000, maximum: 1000))) {
            try Slideshow(photos: [Self.solid(.white)], options: options)
        }
    }
}
