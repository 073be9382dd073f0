#if canImport(Glibc)
import Glibc
#endif
@testable import Filmroll
import Foundation
import Testing
import TestSupport

/// A day of photos of mixed shapes: its animation takes the shape most of
/// them have; a photo of that shape fills the frame, one of another shape
/// is shown whole, centred on a blurred, darkened cover of itself.
@Suite struct MixedDayAnimationTests {
    static let red: [UInt8] = [220, 30, 30], green: [UInt8] = [40, 200, 60], blue: [UInt8] = [30, 40, 220]

    /// A picture of `size` in `middle`, with bands an eighth of it deep in
    /// red at its start and blue at its end: at the top and bottom of a
    /// portrait, the left and right of a landscape.
    static func banded(_ size: PixelSize, middle: [UInt8]) -> Image {
        let band = max(size.width, size.height) / 8
        var pixels: [UInt8] = []
        pixels.reserveCapacity(size.width * size.height * 3)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let along = size.height > size.width ? y : x, length = max(size.width, size.height)
                pixels += along < band ? red : along >= length - band ? blue : middle
            }
        }
        return Image(width: size.width, height: size.height, format: .rgb8, pixels: pixels)
    }

    static func solid(_ size: PixelSize, _ colour: [UInt8]) -> Image {
        Image(width: size.width, height: size.height, format: .rgb8,
              pixels: Array([[UInt8]](repeating: colour, count: size.width * size.height).joined()))
    }

    /// Writes `image` as a JPEG named `name` in `folder`, its file time
    /// 2025-05-01 at noon and `second` seconds (no EXIF: its day is the file time's).
    static func write(_ image: Image, _ name: String, in folder: String, second: Int) throws {
        let path = folder + "/" + name
        try AtomicFile.write(try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(quality: 92))), to: path)
        var noon = tm()
        (noon.tm_year, noon.tm_mon, noon.tm_mday, noon.tm_hour, noon.tm_sec, noon.tm_isdst) = (125, 4, 1, 12, Int32(second), -1)
        let time = Date(timeIntervalSince1970: TimeInterval(mktime(&noon)))
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: path)
    }

    /// The frames of the day's GIF that `FolderProcess` made.
    static func processedFrames(of folder: String) throws -> [Image] {
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.animationsMade == 1)
        #expect(summary.failed == 0)
        let animation = try ImageDecoder.decode(contentsOf: folder + "/.filmroll/gallery/days/2025-05-01.gif",
                                                options: DecodeOptions(frames: .all))
        return animation.frames.map(\.image)
    }

    static func isNear(_ pixel: [UInt8], _ colour: [UInt8], tolerance: Int = 40) -> Bool {
        PixelMatch.near(Array(pixel.prefix(3)), Array(colour.prefix(3)), tolerance: tolerance)
    }

    /// Three landscapes and a portrait (first of the day, so the old rule
    /// would have made the canvas portrait): a landscape canvas; the
    /// portrait whole in the middle, bands and all, on a darker fill; the
    /// landscapes filling their frames.
    @Test func aMostlyLandscapeDayShowsItsPortraitWhole() throws {
        let folder = try FolderProcessTests.folderOf { folder in
            try Self.write(Self.banded(PixelSize(width: 120, height: 160), middle: Self.green), "a portrait.jpg", in: folder, second: 0)
            for (index, colour) in [[230, 210, 40], [40, 210, 220], [200, 60, 200]].enumerated() {
                try Self.write(Self.solid(PixelSize(width: 160, height: 120), colour.map(UInt8.init)), "b landscape \(index).jpg",
                               in: folder, second: 1 + index)
            }
        }
        defer { FolderProcessTests.remove(folder) }
        let frames = try Self.processedFrames(of: folder)
        #expect(frames.count == 4)
        try #require(frames.allSatisfy { $0.size == PixelSize(width: 480, height: 360) })
        let portrait = try #require(frames.first)
        // The whole portrait, 270×360 in columns 105..<375: its top and bottom bands show.
        #expect(Self.isNear(portrait.pixel(x: 240, y: 12), Self.red))
        #expect(Self.isNear(portrait.pixel(x: 240, y: 348), Self.blue))
        #expect(Self.isNear(portrait.pixel(x: 240, y: 180), Self.green))
        #expect(Self.isNear(portrait.pixel(x: 110, y: 180), Self.green))
        // Left and right of it: drawn from the photo (its green middle), darkened, not the photo itself.
        for x in [20, 90, 390, 460] {
            let fill = portrait.pixel(x: x, y: 180)
            #expect(fill[1] > 100 && fill[1] < 175, "column \(x): \(fill)")
            #expect(fill[0] < 80 && fill[2] < 90, "column \(x): \(fill)")
        }
        // The landscapes fill their frames: corners and centre the photo's colour.
        for (frame, colour) in zip(frames.dropFirst(), [[230, 210, 40], [40, 210, 220], [200, 60, 200]] as [[UInt8]]) {
            for (x, y) in [(2, 2), (477, 2), (2, 357), (477, 357), (240, 180)] {
                #expect(Self.isNear(frame.pixel(x: x, y: y), colour, tolerance: 24), "(\(x), \(y)): \(frame.pixel(x: x, y: y))")
            }
        }
    }

    /// Three portraits and a landscape (first of the day): a portrait
    /// canvas, the landscape whole across its middle, bands and all.
    @Test func aMostlyPortraitDayShowsItsLandscapeWhole() throws {
        let folder = try FolderProcessTests.folderOf { folder in
            try Self.write(Self.banded(PixelSize(width: 160, height: 120), middle: Self.green), "a landscape.jpg", in: folder, second: 0)
            for (index, colour) in [[230, 210, 40], [40, 210, 220], [200, 60, 200]].enumerated() {
                try Self.write(Self.solid(PixelSize(width: 120, height: 160), colour.map(UInt8.init)), "b portrait \(index).jpg",
                               in: folder, second: 1 + index)
            }
        }
        defer { FolderProcessTests.remove(folder) }
        let frames = try Self.processedFrames(of: folder)
        #expect(frames.count == 4)
        try #require(frames.allSatisfy { $0.size == PixelSize(width: 360, height: 480) })
        let landscape = try #require(frames.first)
        // The whole landscape, 360×270 in rows 105..<375: its left and right bands show.
        #expect(Self.isNear(landscape.pixel(x: 12, y: 240), Self.red))
        #expect(Self.isNear(landscape.pixel(x: 348, y: 240), Self.blue))
        #expect(Self.isNear(landscape.pixel(x: 180, y: 240), Self.green))
        for y in [20, 90, 390, 460] {
            let fill = landscape.pixel(x: 180, y: y)
            #expect(fill[1] > 100 && fill[1] < 175, "row \(y): \(fill)")
        }
        for frame in frames.dropFirst() {
            #expect(Self.isNear(frame.pixel(x: 2, y: 2), frame.pixel(x: 180, y: 240), tolerance: 24))
            #expect(Self.isNear(frame.pixel(x: 357, y: 477), frame.pixel(x: 180, y: 240), tolerance: 24))
        }
    }

    /// Mixed photos fed frame by frame give the bytes of their composed frames encoded all at once.
    @Test(arguments: [ImageFormat.gif, .webp])
    func aMixedDayFedFrameByFrameIsItsFramesEncodedAtOnce(format: ImageFormat) throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        try Self.write(Self.banded(PixelSize(width: 90, height: 160), middle: Self.green), "tall.jpg", in: folder.path, second: 0)
        try Self.write(Self.banded(PixelSize(width: 200, height: 100), middle: Self.blue), "wide.jpg", in: folder.path, second: 0)
        var photos = try DayAnimationTests.photos(folder, ["IMG_0001.jpg", "tall.jpg", "IMG_0002.jpg", "wide.jpg"])
        let sizes = [(160, 120), (90, 160), (160, 120), (200, 100)].map { PixelSize(width: $0.0, height: $0.1) }
        for index in photos.indices { photos[index].uprightSize = sizes[index] }
        let settings = DayAnimationTests.settings(format)
        let canvas = AnimationCanvas(size: settings.frameSize)
        let path = folder.file("day.\(format.rawValue)")
        let planned = AnimationMaker.plannedDay(photos, settings: settings, minimum: 2, path: path,
                                                  root: folder.path, parameters: "{}")
        #expect(planned.inputs.map(\.resize.target.fit) == [.cover, .inside, .cover, .inside])
        let summary = PlanExecutor(pipeline: ImagePipeline(), jobs: 2).run([planned], ledger: OutputLedger(), record: { _ in },
                                                                          events: { _ in })
        #expect(summary.made[.animation] == 1)
        let fed = try FileBytes.read(path)

        let frames = try planned.inputs.map { input in
            canvas.frame(from: try ImagePipeline().image(for: ImageRequest(source: input.source, resize: input.resize)))
        }
        #expect(frames.allSatisfy { $0.size == settings.frameSize })
        let whole: [UInt8]
        switch format {
        case .gif:
            var options = GIFOptions()
            options.comment = OutputMark.gif.text
            options.speed = 8
            options.paletteShrink = 4
            options.triesSharedPalette = false
            whole = try GIFAnimator(options: options).encode(frames, delays: Array(repeating: 80, count: 4))
        default:
            var options = WebPAnimationOptions()
            options.mark = OutputMark.webp.text
            whole = try WebPAnimator.encode(frames, milliseconds: Array(repeating: 800, count: 4), options: options)
        }
        #expect(fed == whole)
    }

    /// The canvas takes the shape most photos have, ties to landscape, at
    /// the median aspect of those photos.
    @Test func theCanvasTakesTheDaysDominantShape() {
        func canvas(_ sizes: [(Int, Int)?]) -> PixelSize {
            AnimationCanvas(dominantShapeOf: sizes.map { $0.map { PixelSize(width: $0.0, height: $0.1) } }, edge: 480).size
        }
        #expect(canvas([(300, 400), (4000, 3000), (4000, 3000), (4000, 3000)]) == PixelSize(width: 480, height: 360))
        #expect(canvas([(4000, 3000), (300, 400), (300, 400), (300, 400)]) == PixelSize(width: 360, height: 480))
        #expect(canvas([(300, 400), (400, 300), (300, 400), (400, 300)]) == PixelSize(width: 480, height: 360))
        // Median of 4:3, 3:2 and 16:9 (and the portrait outvoted): 3:2.
        #expect(canvas([(1920, 1080), (900, 1600), (400, 300), (600, 400)]) == PixelSize(width: 480, height: 320))
        // Squares within 5 % outvote a landscape; the lower middle of two is 1010×1000.
        #expect(canvas([(1000, 990), (1010, 1000), (400, 300)]) == PixelSize(width: 480, height: 474))
        #expect(canvas([nil, (300, 400)]) == PixelSize(width: 360, height: 480))
        #expect(canvas([]) == PixelSize(width: 480, height: 360))
        #expect(canvas([nil]) == PixelSize(width: 480, height: 360))
    }

    /// Photos of the canvas's shape (within 5 %) fill it; others are
    /// decoded whole at a size that fits inside it, touching two sides.
    @Test func eachPhotoIsDecodedToFillOrFitTheCanvas() {
        for canvasSize in [PixelSize(width: 480, height: 360), PixelSize(width: 360, height: 480), PixelSize(width: 480, height: 270),
                           PixelSize(width: 480, height: 480), PixelSize(width: 96, height: 72)] {
            let canvas = AnimationCanvas(size: canvasSize)
            for width in stride(from: 37, through: 6000, by: 311) {
                for height in stride(from: 41, through: 6000, by: 283) {
                    let photo = PixelSize(width: width, height: height)
                    let resize = canvas.resize(for: photo)
                    let output = resize.outputSize(for: photo)
                    if AnimationCanvas.sameShape(photo, canvasSize) {
                        #expect(resize.target.fit == .cover && output == canvasSize)
                    } else {
                        #expect(resize.target.fit == .inside)
                        #expect(output.width <= canvasSize.width && output.height <= canvasSize.height, "\(photo) → \(output)")
                        #expect(output.width >= canvasSize.width - 1 || output.height >= canvasSize.height - 1, "\(photo) → \(output)")
                    }
                }
            }
        }
        #expect(AnimationCanvas(size: PixelSize(width: 480, height: 360)).resize(for: nil).target.fit == .cover)
    }

    /// Whatever size comes, the frame is the canvas's; a picture that fits is centred untouched.
    @Test func everyFrameIsTheCanvasSize() {
        let canvas = AnimationCanvas(size: PixelSize(width: 96, height: 72))
        let tall = Self.banded(PixelSize(width: 54, height: 72), middle: Self.green)
        let frame = canvas.frame(from: tall)
        #expect(frame.size == canvas.size)
        #expect(frame.pixel(x: 21, y: 0) == tall.pixel(x: 0, y: 0) && frame.pixel(x: 74, y: 71) == tall.pixel(x: 53, y: 71))
        #expect(frame.pixel(x: 20, y: 36) != tall.pixel(x: 0, y: 36))
        let same = Self.solid(canvas.size, Self.blue)
        #expect(canvas.frame(from: same) == same)
        #expect(canvas.frame(from: Self.solid(PixelSize(width: 300, height: 90), Self.blue)).size == canvas.size)
        #expect(canvas.frame(from: Image(width: 96, height: 50, format: .gray8)).size == canvas.size)
    }
}
