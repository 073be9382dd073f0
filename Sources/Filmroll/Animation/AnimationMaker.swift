import Catalog
import Imaging

/// Animated GIFs and WebPs from photos, frames or other animations, each
/// frame upright and fitted through the image pipeline, and recorded in
/// the catalog of the folder the photos are in: what `filmroll gif` does.
///
/// Frames stream from the decoders to the encoder: a few are decoded ahead
/// in parallel (`AnimationFrames.stream`), the encoder keeps what differencing
/// and palettes need, and `make` writes the file as it is encoded, into a
/// temporary beside the output that takes its name at the end. Memory
/// stays flat however many frames, except with `bounce`, which keeps every
/// (fitted) frame for the way back.
///
/// ```swift
/// let (files, _, _) = InputWalker.expand(["/photos/burst"])
/// let gif = try AnimationMaker(timing: .fps(12)).make(files, output: "/photos/burst.gif")
/// let webp = try AnimationMaker(timing: .fps(12)).make(files, output: "/photos/burst.webp")
/// ```
public struct AnimationMaker {
    public var frames: AnimationFrames
    public var order: AnimationFrames.Order
    /// The frames' delays; nil: each input's own delay (animations), else 10 fps.
    public var timing: FrameTiming?
    /// Play forward, then backward.
    public var bounce: Bool
    /// How a GIF is encoded; its comment is always Filmroll's `OutputMark`.
    public var options: GIFOptions
    /// How a WebP is encoded (its loop count is its own); its XMP mark is always Filmroll's `OutputMark`.
    public var webp: WebPAnimationOptions
    /// nil: by the output's extension in `make` (`.webp`, else GIF), GIF in `animate`.
    public var format: AnimationFormat?
    /// Replace an existing file Filmroll did not make (never an input).
    public var force: Bool
    /// Records animations with their photos; nil: no catalog is read or written.
    public var lineage: LineageRecorder?
    /// Frames decoded ahead of the encoder.
    public var lookahead = AnimationFrames.defaultLookahead

    public init(frames: AnimationFrames = AnimationFrames(), order: AnimationFrames.Order = .name, timing: FrameTiming? = nil, bounce: Bool = false,
                options: GIFOptions = GIFOptions(), webp: WebPAnimationOptions = WebPAnimationOptions(),
                format: AnimationFormat? = nil, force: Bool = false, lineage: LineageRecorder? = nil) {
        self.frames = frames
        self.order = order
        self.timing = timing
        self.bounce = bounce
        self.options = options
        self.webp = webp
        self.format = format
        self.force = force
        self.lineage = lineage
    }

    /// The animation of `files`, encoded in memory, not written.
    /// - Parameter progress: called once per input decoded.
    /// - Throws: `AnimationError`; `.cancelled` once `cancellation` is cancelled.
    public func animate(_ files: [InputFile], cancellation: CancellationToken = CancellationToken(),
                        progress: @escaping @Sendable () -> Void = {}) throws(AnimationError) -> EncodedAnimation {
        let sink = MemorySink()
        var animation = try encode(AnimationFrames.order(files, by: order), format: format ?? .gif, into: sink,
                                   cancellation: cancellation, progress: progress)
        animation.bytes = sink.bytes
        return animation
    }

    /// Makes `output` from `files` and records it. The output and the
    /// catalog are checked before any decoding; the file is written as the
    /// frames are encoded, and appears at `output` only when it is whole.
    /// - Throws: `AnimationError`; nothing is left at `output` then (an earlier
    ///   file there stays as it was).
    public func make(_ files: [InputFile], output: String, cancellation: CancellationToken = CancellationToken(),
                     progress: @escaping @Sendable () -> Void = {}) throws(AnimationError) -> AnimationOutput {
        let ordered = AnimationFrames.order(files, by: order)
        let format = format ?? AnimationFormat(outputPath: output) ?? .gif
        let writer = OutputWriter(outputGuard: OutputGuard(mark: format == .webp ? .webp : .gif, force: force,
                                                           inputs: InputIdentities(ordered), catalogPath: lineage?.catalogPath))
        do throws(ImagingError) {
            try writer.outputGuard.check(output)
        } catch {
            throw .output(path: output, error)
        }
        let target: LineageTarget?
        do throws(CatalogError) {
            target = try lineage?.target(forPhotos: ordered.map(\.path))
        } catch {
            throw .catalog(error)
        }
        if ordered.isEmpty { throw .noFrames }
        let file: AtomicFileWriter
        do throws(ImagingError) {
            file = try writer.startWriting(output)
        } catch {
            throw .output(path: output, error)
        }
        let animation: EncodedAnimation
        do throws(AnimationError) {
            animation = try encode(ordered, format: format, into: file, cancellation: cancellation, progress: progress)
        } catch .encoding(let error) {
            throw .output(path: output, error)
        }
        do throws(ImagingError) {
            try writer.commit(file)
        } catch {
            throw .output(path: output, error)
        }
        var made = AnimationOutput(path: output, animation: animation)
        if let lineage, let target {
            let kind: OutputRecord.Kind = format == .webp ? .webp : .gif
            do throws(CatalogError) {
                try lineage.record(LineageOutput(kind: kind, path: output, parameters: lineageParameters(format), photos: target.photos),
                                   in: target)
            } catch {
                made.recordingError = error
            }
        }
        return made
    }

    /// Streams the frames of `files` through the encoder of `format` into `sink`.
    private func encode(_ files: [InputFile], format: AnimationFormat, into output: any ByteSink, cancellation: CancellationToken,
                        progress: @escaping @Sendable () -> Void) throws(AnimationError) -> EncodedAnimation {
        if files.isEmpty { throw .noFrames }
        let sink = CountingSink(output)
        let stream: FrameStream
        do throws(AnimationFrames.FrameError) {
            stream = try frames.stream(files, lookahead: lookahead, cancellation: cancellation, progress: progress)
        } catch {
            throw .frame(path: error.path, error.error)
        }
        let encoder: any AnimationEncoding
        do throws(ImagingError) {
            encoder = try self.encoder(format, canvas: stream.canvas, sink: sink)
        } catch {
            throw .encoding(error)
        }
        var played = 0
        var kept: [(image: Image, milliseconds: Double)] = []
        func add(_ image: Image, milliseconds: Double) throws(AnimationError) {
            do throws(ImagingError) {
                try encoder.add(image, milliseconds: milliseconds)
            } catch {
                throw .encoding(error)
            }
            played += 1
        }
        while true {
            let next: AnimationFrames.Frame?
            do throws(AnimationFrames.FrameError) {
                next = try stream.next()
            } catch {
                throw .frame(path: error.path, error.error)
            }
            guard let frame = next else { break }
            let milliseconds = timing?.milliseconds(at: played) ?? frame.ownMilliseconds.map(Double.init) ?? 100
            try add(frame.image, milliseconds: milliseconds)
            if bounce { kept.append((frame.image, milliseconds)) }
        }
        if cancellation.isCancelled { throw .cancelled }
        if played == 0 { throw .noFrames }
        if bounce && kept.count > 2 {
            for (image, milliseconds) in kept[1..<kept.count - 1].reversed() {
                if cancellation.isCancelled { throw .cancelled }
                try add(image, milliseconds: milliseconds)
            }
        }
        do throws(ImagingError) {
            try encoder.finish()
        } catch {
            throw .encoding(error)
        }
        if cancellation.isCancelled { throw .cancelled }
        return EncodedAnimation(format: format, bytes: nil, byteCount: sink.byteCount, canvas: stream.canvas, frameCount: played,
                            peakFramesInMemory: stream.peakFramesAhead + encoder.peakFramesHeld + kept.count)
    }

    private func encoder(_ format: AnimationFormat, canvas: PixelSize, sink: any ByteSink) throws(ImagingError) -> any AnimationEncoding {
        switch format {
        case .gif:
            var options = options
            options.comment = OutputMark.gif.text
            return try GIFAnimator(options: options).stream(size: canvas, to: sink)
        case .webp:
            var options = webp
            options.mark = OutputMark.webp.text
            return try WebPAnimator(size: canvas, options: options, sink: sink)
        }
    }

    /// How the animation was made, as recorded in the catalog.
    private func lineageParameters(_ format: AnimationFormat) -> String {
        switch format {
        case .gif:
            JSONValue.object([
                ("quality", .int(options.quality)), ("dither", .double(options.dither)), ("colors", .int(options.colors)),
                ("loop", options.loop.netscapeValue.map(JSONValue.int) ?? .null),
            ]).rendered
        case .webp:
            JSONValue.object([
                ("lossless", .bool(webp.lossless)), ("quality", .double(webp.quality)), ("method", .int(webp.method)),
                ("loop", .int(webp.loop.webPValue)),
            ]).rendered
        }
    }
}
