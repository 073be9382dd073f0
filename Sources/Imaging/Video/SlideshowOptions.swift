/// How `Slideshow` lays out and times photos.
public struct SlideshowOptions: Sendable, Hashable {
    /// How a photo fills the canvas.
    public enum Fit: String, Sendable, Hashable, CaseIterable {
        /// The whole photo, on the background colour where it leaves room.
        case contain
        /// The canvas filled, the photo's excess cropped from the centre.
        case cover
    }

    /// The frame size; rounded down to even (H.264 4:2:0 needs it). 1920×1080 by default.
    public var canvas = PixelSize(width: 1920, height: 1080)
    public var fit = Fit.contain
    /// Around photos that `contain` leaves room beside.
    public var background = RGBColor.black
    /// How long each photo is on screen, its crossfades included.
    public var secondsPerPhoto = 2.5
    /// How long one photo takes to dissolve into the next; the two
    /// photos' times overlap by this much. At most half of `secondsPerPhoto`.
    public var crossfadeSeconds = 0.5
    public var frameRate: FrameRate = 30
    /// A slow zoom and pan on each photo, or none.
    public var kenBurns: KenBurns?
    /// Videos among the photos play (muted) for up to this many seconds on
    /// their slide; nil: a video shows its poster as a photo does.
    public var clipSeconds: Double?
    /// Most frames a slideshow may have (as `VideoOptions.maxFrames`).
    public var maxFrames = 216_000
    /// What a clip's reading may decode (its frames' size).
    public var limits = DecodeLimits.default

    public init(canvas: PixelSize = PixelSize(width: 1920, height: 1080), fit: Fit = .contain,
                secondsPerPhoto: Double = 2.5, crossfadeSeconds: Double = 0.5, frameRate: FrameRate = 30,
                kenBurns: KenBurns? = nil) {
        self.canvas = canvas
        self.fit = fit
        self.secondsPerPhoto = secondsPerPhoto
        self.crossfadeSeconds = crossfadeSeconds
        self.frameRate = frameRate
        self.kenBurns = kenBurns
    }

    /// The canvas rounded down to even.
    public var evenCanvas: PixelSize { PixelSize(width: canvas.width & ~1, height: canvas.height & ~1) }

    /// Throws `videoEncodingFailed` with the reason when a setting is out of range.
    public func validate() throws(ImagingError) {
        guard evenCanvas.width >= 2, evenCanvas.height >= 2 else {
            throw .videoEncodingFailed("the canvas is at least 2×2 pixels, not \(canvas)")
        }
        guard secondsPerPhoto.isFinite, secondsPerPhoto > 0, secondsPerPhoto <= 3600 else {
            throw .videoEncodingFailed("seconds per photo must be more than 0 and at most 3600, not \(secondsPerPhoto)")
        }
        guard crossfadeSeconds.isFinite, crossfadeSeconds >= 0, crossfadeSeconds <= secondsPerPhoto / 2 else {
            throw .videoEncodingFailed("a crossfade lasts 0 to half of a photo's \(secondsPerPhoto) s, not \(crossfadeSeconds)")
        }
        if let clipSeconds {
            guard clipSeconds.isFinite, clipSeconds >= 2 * crossfadeSeconds, clipSeconds <= 3600 else {
                throw .videoEncodingFailed("a clip plays for twice the crossfade (\(2 * crossfadeSeconds) s) to 3600 s, not \(clipSeconds)")
            }
        }
        if let kenBurns {
            guard kenBurns.scale.isFinite, kenBurns.scale >= 1.01, kenBurns.scale <= 2 else {
                throw .videoEncodingFailed("the zoom is 1.01 to 2, not \(kenBurns.scale)")
            }
            guard kenBurns.pan.isFinite, kenBurns.pan >= 0, kenBurns.pan <= 1 else {
                throw .videoEncodingFailed("the pan is 0 to 1, not \(kenBurns.pan)")
            }
        }
    }
}
