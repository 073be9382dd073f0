/// A video playing on a slideshow's slide: its frames decoded in order as
/// the slideshow's time reaches them, each converted straight to the size
/// it shows at (fitted to the canvas, or covering it), turned upright and
/// set on the canvas. Two frames are held: the one shown and the next.
final class ClipSlide {
    private let reader: VideoReader
    private let orientation: Orientation
    private let canvas: PixelSize
    /// The size a frame shows at, upright: fitted to the canvas, or covering it.
    private let shownSize: PixelSize
    private let background: RGBColor
    private let secondsPerTick: Double
    private var firstTicks: Int64?
    private var shown: (image: Image, seconds: Double)?
    private var upcoming: (image: Image, seconds: Double)?
    private var ended = false

    /// Opens the video at `path` for a slide of `canvas`.
    init(path: String, canvas: PixelSize, fit: SlideshowOptions.Fit, background: RGBColor,
         limits: DecodeLimits) throws(ImagingError) {
        reader = try VideoReader(path: path, limits: limits, threads: 1)
        orientation = Orientation(clockwiseTurn: reader.rotation)
        self.canvas = canvas
        self.background = background
        secondsPerTick = Double(reader.info.tickNumerator) / Double(max(1, reader.info.tickDenominator))
        // The frame's size upright, fitted or covering; decoded at it, as stored.
        let upright = orientation.uprightSize(of: reader.info.size)
        let box = TargetSize(width: canvas.width, height: canvas.height, fit: fit == .cover ? .cover : .inside)
        let shown = box.resultSize(for: upright, upscale: true)
        let stored = orientation.swapsDimensions ? shown.transposed : shown
        reader.frameSize = PixelSize(width: min(stored.width, reader.info.size.width),
                                     height: min(stored.height, reader.info.size.height))
        shownSize = shown
    }

    /// The canvas at `seconds` into the clip: the last frame that started
    /// by then (the first before the first, the last after the last).
    func frame(at seconds: Double) throws(ImagingError) -> Image {
        if shown == nil { shown = try decode() }
        if upcoming == nil && !ended { upcoming = try decode() }
        while let next = upcoming, next.seconds <= seconds {
            shown = next
            upcoming = try decode()
        }
        guard let shown else { throw .videoDecodingFailed("no frame of the video can be decoded") }
        return place(shown.image)
    }

    private func decode() throws(ImagingError) -> (image: Image, seconds: Double)? {
        guard !ended, let frame = try reader.nextFrame() else {
            ended = true
            return nil
        }
        let first = firstTicks ?? frame.timeTicks
        firstTicks = first
        return (frame.image.applying(orientation), Double(frame.timeTicks - first) * secondsPerTick)
    }

    /// `picture` (upright) at the size it shows, centred on the canvas: cropped when it covers it.
    private func place(_ picture: Image) -> Image {
        var picture = picture
        if picture.size != shownSize { picture = picture.resized(to: shownSize) }
        if picture.width > canvas.width || picture.height > canvas.height {
            picture = picture.cropped(to: PixelRect.centered(aspect: canvas, in: picture.size))
            if picture.size != canvas { picture = picture.resized(to: canvas) }
        }
        if picture.size == canvas { return picture }
        var frame = Image.filled(canvas, with: background)
        frame.place(picture, at: ((canvas.width - picture.width) / 2, (canvas.height - picture.height) / 2))
        return frame
    }
}
