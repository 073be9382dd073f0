import Imaging

/// The frames of an animation to make, one at a time and in order, each
/// fitted to the canvas: photos through the image pipeline, and the frames
/// of animated GIF and WebP inputs as their readers composite them.
///
/// Up to `lookahead` frames are decoded ahead, in parallel on other
/// threads, while the caller encodes: decoding keeps its speed, and memory
/// holds a few frames, not the animation. A GIF input is read from its file
/// block by block; an animated WebP input's compressed bytes are held while
/// its frames are read.
///
/// Made by `AnimationFrames.stream(_:cancellation:progress:)`; belongs to one thread.
public final class FrameStream {
    /// The canvas every frame is fitted to.
    public let canvas: PixelSize
    /// The most frames decoded (or being decoded) ahead of the caller.
    public let lookahead: Int
    /// The most frames that were ahead at once, for tests and benchmarks.
    public private(set) var peakFramesAhead = 0
    /// Frames given so far.
    public private(set) var framesGiven = 0

    private typealias Outcome = Result<AnimationFrames.Frame, AnimationFrames.FrameError>

    private enum Slot {
        case decoding(BackgroundWork<Outcome>)
        case failed(AnimationFrames.FrameError)
    }

    private let frames: AnimationFrames
    private var files: ArraySlice<InputFile>
    /// The animated input being read, frame by frame.
    private var animation: (reader: FrameReader, file: InputFile)?
    /// The most frames ahead while an animation is read: fewer than
    /// `lookahead` when its full-size frames would pass the memory budget.
    private var animationLookahead = 1
    private var ahead: [Slot] = []
    private var failed = false
    private let cancellation: CancellationToken
    private let progress: @Sendable () -> Void

    init(frames: AnimationFrames, files: [InputFile], canvas: PixelSize, lookahead: Int, cancellation: CancellationToken,
         progress: @escaping @Sendable () -> Void) {
        self.frames = frames
        self.files = files[...]
        self.canvas = canvas
        self.lookahead = max(1, lookahead)
        self.cancellation = cancellation
        self.progress = progress
    }

    /// The next frame, fitted to the canvas; nil after the last, or once
    /// the run is cancelled.
    /// - Throws: `AnimationFrames.FrameError` naming the input that could not be
    ///   decoded, in its place in the order (the frames before it come first).
    public func next() throws(AnimationFrames.FrameError) -> AnimationFrames.Frame? {
        fill()
        guard !cancellation.isCancelled, !ahead.isEmpty else { return nil }
        let slot = ahead.removeFirst()
        switch slot {
        case .failed(let error):
            ahead.removeAll()
            throw error
        case .decoding(let work):
            let outcome = work.result()
            fill()    // the next frames start decoding while the caller encodes this one
            let frame = try outcome.get()
            framesGiven += 1
            return frame
        }
    }

    /// Starts decoding frames until `lookahead` are ahead or the inputs end.
    private func fill() {
        while ahead.count < (animation == nil ? lookahead : animationLookahead) && !failed && !cancellation.isCancelled {
            if let (reader, file) = animation {
                readFrame(of: reader, file: file)
            } else if let file = files.popFirst() {
                start(file)
            } else {
                break
            }
            peakFramesAhead = max(peakFramesAhead, ahead.count)
        }
    }

    /// Opens an animated input's reader, or starts decoding a photo.
    private func start(_ file: InputFile) {
        let format = ImageFormat.sniff(contentsOf: file.path)
        if let format, ImageDecoders.decoder(for: format)?.canAnimate == true {
            do throws(ImagingError) {
                let reader = try FrameReader(contentsOf: file.path, limits: frames.pipeline.configuration.limits)
                for warning in reader.info.warnings { frames.pipeline.configuration.onWarning?(file.path, warning) }
                if reader.isAnimation {
                    animationLookahead = try Self.lookahead(for: reader, within: frames.pipeline.configuration.memory,
                                                            atMost: lookahead)
                    animation = (reader, file)
                    return
                }
            } catch {
                fail(AnimationFrames.FrameError(path: file.path, error: error))
                return
            }
        }
        let (frames, canvas, progress) = (self.frames, self.canvas, self.progress)
        ahead.append(.decoding(BackgroundWork {
            defer { progress() }
            do throws(ImagingError) {
                return .success(try frames.photoFrame(of: file, canvas: canvas))
            } catch {
                return .failure(AnimationFrames.FrameError(path: file.path, error: error))
            }
        }))
    }

    /// Reads the animation's next frame here (frames depend on the one
    /// before) and fits it on another thread.
    private func readFrame(of reader: FrameReader, file: InputFile) {
        let raw: ImageFrame?
        do throws(ImagingError) {
            raw = try reader.next()
        } catch {
            animation = nil
            fail(AnimationFrames.FrameError(path: file.path, error: error))
            return
        }
        if reader.framesRead == reader.frameCount || raw == nil {
            animation = nil
            progress()
        }
        guard let raw else { return }
        let (frames, canvas) = (self.frames, self.canvas)
        ahead.append(.decoding(BackgroundWork {
            .success(AnimationFrames.Frame(image: frames.fitted(raw.image, canvas: canvas), ownMilliseconds: raw.delayMilliseconds,
                                     source: file.path))
        }))
    }

    /// Frames of `reader` that may be ahead within `memory`: its reader
    /// holds a canvas and the frame before, each frame ahead is full size
    /// until fitted. Throws `limitExceeded` when not even one fits.
    private static func lookahead(for reader: FrameReader, within memory: MemoryBudget,
                                  atMost most: Int) throws(ImagingError) -> Int {
        let size = reader.info.storedSize
        let frameBytes = max(1, size.pixelCount * 4)
        try memory.check(frameBytes * 3, for: size)
        return max(1, min(most, memory.decodeBytes / frameBytes - 2))
    }

    private func fail(_ error: AnimationFrames.FrameError) {
        ahead.append(.failed(error))
        failed = true
    }
}
