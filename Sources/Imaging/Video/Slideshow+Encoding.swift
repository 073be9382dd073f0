extension Slideshow {
    /// Encodes every frame into an MP4 at `path`, at the slideshow's frame
    /// rate; the next frame is made on another thread while libx264
    /// encodes this one.
    /// - Parameters:
    ///   - options: quality and limits; the timing is the slideshow's own.
    ///   - shouldStop: asked before each frame; once true, the video is
    ///     abandoned (no file is left) and `false` returned.
    /// - Returns: whether the file was written.
    @discardableResult
    public func encode(to path: String, options: VideoOptions = VideoOptions(),
                       shouldStop: () -> Bool = { false }) throws(ImagingError) -> Bool {
        var settings = options
        settings.timing = .frameRate(self.options.frameRate)
        let encoder = try VideoEncoder(path: path, size: canvas, options: settings)
        // One frame is made at a time, and only after the one before was taken.
        let source = FrameSource(self)
        var upcoming = BackgroundWork { source.next() }
        while true {
            let frame = try upcoming.result().get()
            guard let frame else { break }
            if shouldStop() {
                encoder.cancel()
                return false
            }
            upcoming = BackgroundWork { source.next() }
            try encoder.add(frame)
        }
        try encoder.finish()
        return true
    }
}

/// Hands a slideshow to one background thread at a time: each `next()`
/// starts only after the previous one's result was taken.
private final class FrameSource: @unchecked Sendable {
    private let slideshow: Slideshow

    init(_ slideshow: Slideshow) { self.slideshow = slideshow }

    func next() -> Result<Image?, ImagingError> {
        Result { () throws(ImagingError) -> Image? in try slideshow.nextFrame() }
    }
}
