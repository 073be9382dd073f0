/// Photos as the frames of a video, made one at a time in order: each
/// photo shows for `secondsPerPhoto`, dissolving into the next over
/// `crossfadeSeconds` (the two photos' times overlap by that much), on a
/// canvas it fits (`contain`) or fills (`cover`), optionally with a slow
/// zoom and pan (`KenBurns`).
///
/// Timing is exact: each slide lasts its photo's `secondsPerPhoto` (a
/// clip's its own seconds), slide `i` starts where the one before it ends
/// less the crossfade, the slideshow lasts the sum of the slides less
/// `(N − 1) × crossfade`, and it has that many seconds' worth of frames,
/// rounded to the nearest whole frame. Frame `k` shows the moment `k / fps`.
/// A clip plays from its start, muted, for its slide's time.
///
/// Memory stays bounded: only the photos on screen and the next one (being
/// decoded in the background) are held. Files are decoded once each,
/// through the `ImagePipeline`, upright and in sRGB, at the size they show
/// (times the zoom's room); small photos are enlarged to fit.
public final class Slideshow {
    public let options: SlideshowOptions
    /// The frame size: `options.canvas` rounded down to even.
    public let canvas: PixelSize
    public let photoCount: Int
    public let frameCount: Int
    /// The slideshow's length in seconds, before rounding to whole frames.
    public let durationSeconds: Double
    /// The photo (its index) that could not be read, when `nextFrame()`
    /// threw for one, so a caller can name its file in the message.
    public private(set) var failedPhoto: Int?

    private let load: @Sendable (Int) -> Result<Slide, ImagingError>
    /// When each slide starts, and how long it lasts, in seconds.
    private let starts: [Double]
    private let lengths: [Double]
    private let photos: [SlideshowPhoto]
    private var slides: [Int: Slide] = [:]
    private var clips: [Int: ClipSlide] = [:]
    private var stills: [Int: Image] = [:]
    private var upcoming: (index: Int, work: BackgroundWork<Result<Slide, ImagingError>>)?
    private var nextFrameIndex = 0

    /// - Throws: `videoEncodingFailed` for invalid options or no photos;
    ///   `limitExceeded` beyond `options.maxFrames`. Photos are read later, as
    ///   their frames come.
    public init(photos: [SlideshowPhoto], options: SlideshowOptions = SlideshowOptions(),
                pipeline: ImagePipeline = ImagePipeline()) throws(ImagingError) {
        try options.validate()
        guard !photos.isEmpty else { throw .videoEncodingFailed("a slideshow needs at least one photo") }
        self.options = options
        canvas = options.evenCanvas
        photoCount = photos.count
        self.photos = photos
        let lengths = photos.map { photo -> Double in
            guard case .clip(_, let seconds) = photo else { return options.secondsPerPhoto }
            return max(2 * options.crossfadeSeconds, min(3600, seconds.isFinite ? seconds : 0), 0.1)
        }
        self.lengths = lengths
        var starts: [Double] = []
        var start = 0.0
        for length in lengths {
            starts.append(start)
            start += length - options.crossfadeSeconds
        }
        self.starts = starts
        durationSeconds = start + options.crossfadeSeconds
        let frames = options.frameRate.frameCount(seconds: durationSeconds)
        guard frames <= options.maxFrames else {
            throw .limitExceeded(.slideshowFrames(count: frames, maximum: options.maxFrames))
        }
        frameCount = max(1, frames)
        let canvas = canvas, background = options.background
        let room = options.kenBurns?.scale ?? 1
        // Decoded `room` times the size it shows at 100%, so the closest zoom still has a pixel per pixel.
        let box = TargetSize(width: Int((Double(canvas.width) * room).rounded(.up)),
                             height: Int((Double(canvas.height) * room).rounded(.up)),
                             fit: options.fit == .cover ? .cover : .inside)
        let resize = ImageProcessors.Resize(target: box, upscale: true)
        load = { index in
            Result { () throws(ImagingError) -> Slide in
                let picture: Image
                switch photos[index] {
                case .file(let source): picture = try pipeline.image(for: ImageRequest(source: source, resize: resize))
                case .image(let image): picture = resize.apply(image).convertedToSRGB()
                case .clip: preconditionFailure("a clip plays on its own slide")
                }
                return Slide(picture: picture, canvas: canvas, zoomRoom: room, background: background)
            }
        }
    }

    /// What frame `index` shows: a photo, or two mid-dissolve (`mix` of the
    /// second, 0...1), and how far through its time each photo is (0...1).
    public func composition(ofFrame index: Int) -> (photo: Int, progress: Double, next: (photo: Int, progress: Double, mix: Double)?) {
        let fade = options.crossfadeSeconds
        let time = options.frameRate.seconds(ofFrame: index)
        // The latest slide started by now (slides start in order).
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= time { low = middle } else { high = middle - 1 }
        }
        let latest = low
        let progress = { (photo: Int) in min(1, max(0, (time - self.starts[photo]) / self.lengths[photo])) }
        let intoLatest = time - starts[latest]
        if latest > 0 && fade > 0 && intoLatest < fade {
            return (latest - 1, progress(latest - 1), (latest, progress(latest), intoLatest / fade))
        }
        return (latest, progress(latest), nil)
    }

    /// The next frame (RGB8, `canvas` size); nil after the last.
    /// - Throws: when a photo cannot be read (`failedPhoto` says which);
    ///   the frames after it can still be asked for.
    public func nextFrame() throws(ImagingError) -> Image? {
        guard nextFrameIndex < frameCount else { return nil }
        let index = nextFrameIndex
        nextFrameIndex += 1
        let shown = composition(ofFrame: index)
        // Photos that left the screen are dropped; the next is read in the background.
        let keep = [shown.photo, shown.next?.photo].compactMap { $0 }
        slides = slides.filter { keep.contains($0.key) }
        stills = stills.filter { keep.contains($0.key) }
        clips = clips.filter { keep.contains($0.key) }
        var frame = try render(photo: shown.photo, progress: shown.progress)
        if let next = shown.next {
            frame = frame.crossfaded(to: try render(photo: next.photo, progress: next.progress), amount: next.mix)
        }
        prefetch(keep.max()! + 1)
        return frame
    }

    private func render(photo: Int, progress: Double) throws(ImagingError) -> Image {
        if case .clip(let path, _) = photos[photo] {
            do throws(ImagingError) {
                if clips[photo] == nil {
                    clips[photo] = try ClipSlide(path: path, canvas: canvas, fit: options.fit, background: options.background,
                                                 limits: options.limits)
                }
                return try clips[photo]!.frame(at: progress * lengths[photo])
            } catch {
                failedPhoto = photo
                throw error
            }
        }
        let slide = try self.slide(photo)
        guard let kenBurns = options.kenBurns else {
            if let still = stills[photo] { return still }
            let still = slide.still()
            stills[photo] = still
            return still
        }
        let view = kenBurns.view(photo: photo, progress: progress)
        return slide.frame(zoom: view.zoom, center: view.center)
    }

    private func slide(_ photo: Int) throws(ImagingError) -> Slide {
        if let slide = slides[photo] { return slide }
        let result: Result<Slide, ImagingError>
        if let upcoming, upcoming.index == photo {
            result = upcoming.work.result()
            self.upcoming = nil
        } else {
            result = load(photo)
        }
        switch result {
        case .success(let slide):
            slides[photo] = slide
            return slide
        case .failure(let error):
            failedPhoto = photo
            throw error
        }
    }

    private func prefetch(_ photo: Int) {
        guard photo < photoCount, slides[photo] == nil, upcoming?.index != photo else { return }
        if case .clip = photos[photo] { return }
        let load = self.load
        upcoming = (photo, BackgroundWork { load(photo) })
    }
}
