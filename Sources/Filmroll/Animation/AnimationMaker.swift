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
    /// A format of `ImageEncoders.animations`; nil: by the output's extension
    /// in `make` (GIF for one no writer claims), GIF in `animate`.
    public var format: ImageFormat?
    /// Replace an existing file Filmroll did not make (never an input).
    public var force: Bool
    /// Records animations with their photos; nil: no catalog is read or written.
    public var lineage: LineageRecorder?
    /// Frames decoded ahead of the encoder.
    public var lookahead = AnimationFrames.defaultLookahead

    public init(frames: AnimationFrames = AnimationFrames(), order: AnimationFrames.Order = .name, timing: FrameTiming? = nil, bounce: Bool = false,
                options: GIFOptions = GIFOptions(), webp: WebPAnimationOptions = WebPAnimationOptions(),
                format: ImageFormat? = nil, force: Bool = false, lineage: LineageRecorder? = nil) {
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
        var animation = try encode(AnimationFrames.order(files, by: order), writer: writer(forOutputPath: nil), into: sink,
                                   cancellation: cancellation, progress: progress)
        animation.bytes = sink.bytes
        return animation
    }

    /// Makes `output` from `files` and records it. The output and the
    /// catalog are checked before any decoding; the animation is then one
    /// planned output (`StreamedOutputs`), run by `PlanExecutor`, which
    /// writes it through the output guard as the frames are encoded (it
    /// appears at `output` only when it is whole) and records it with its
    /// recipe's key.
    /// - Throws: `AnimationError`; nothing is left at `output` then (an earlier
    ///   file there stays as it was).
    public func make(_ files: [InputFile], output: String, cancellation: CancellationToken = CancellationToken(),
                     progress: @escaping @Sendable () -> Void = {}) throws(AnimationError) -> AnimationOutput {
        let ordered = AnimationFrames.order(files, by: order)
        let animationWriter = writer(forOutputPath: output)
        let inputs = InputIdentities(ordered)
        do throws(ImagingError) {
            try OutputGuard(mark: animationWriter.mark, force: force, inputs: inputs, catalogPath: lineage?.catalogPath).check(output)
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
        let kind = OutputRecord.Kind(rawValue: animationWriter.mark.kind) ?? .gif
        let encoded = Locked<EncodedAnimation?>(nil)
        let maker = StreamedOutputs.Carried(self)
        let planned = StreamedOutputs.planned(
            kind: kind, files: ordered, recipeParameters: recipeParameters(animationWriter),
            catalogParameters: lineageParameters(animationWriter), path: output, mark: animationWriter.mark,
            photos: target?.photos ?? [], hashes: StreamedOutputs.hashes(lineage, target: target)) { writer, threads in
            var maker = maker.value
            maker.options.jobs = threads
            let file = try writer.startWriting(output)
            let animation = try maker.encode(ordered, writer: animationWriter, into: file, cancellation: cancellation, progress: progress)
            try writer.commit(file)
            encoded.withLock { $0 = animation }
        }
        let run = StreamedOutputs.run(planned, pipeline: frames.pipeline, jobs: options.jobs, force: force, inputs: inputs,
                                      cancellation: cancellation, lineage: lineage, target: target)
        if let failure = run.failure {
            switch failure {
            case .output(_, AnimationError.encoding(let error)): throw .output(path: output, error)
            case .output(_, let error as AnimationError): throw error
            case .output(_, let error as ImagingError), .photo(_, let error): throw .output(path: output, error)
            case .output, .missingPhotos: throw .output(path: output, .encodingFailed(animationWriter.format, failure.reason))
            }
        }
        // Already made by the same recipe (the catalog's record): the file there, as it is.
        let found = run.summary.upToDate + run.summary.reused == 1
        guard let animation = encoded.withLock({ $0 })
                ?? (found ? EncodedAnimation.existing(at: output, format: animationWriter.format) : nil) else {
            if cancellation.isCancelled { throw .cancelled }
            throw .output(path: output, .encodingFailed(animationWriter.format, "not made"))
        }
        var made = AnimationOutput(path: output, animation: animation)
        made.wasMade = !found
        made.recordingError = run.recordingError
        return made
    }

    /// The writer of `format`, else the one `output`'s extension names, else GIF's.
    private func writer(forOutputPath output: String?) -> any AnimationWriting {
        format.flatMap(ImageEncoders.animationWriter(for:)) ?? output.flatMap(ImageEncoders.animationWriter(forOutputPath:))
            ?? ImageEncoders.standardAnimation
    }

    /// Streams the frames of `files` through an encoder `writer` starts into `output`.
    private func encode(_ files: [InputFile], writer: any AnimationWriting, into output: any ByteSink, cancellation: CancellationToken,
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
            encoder = try writer.start(canvas: stream.canvas, options: AnimationOptions(gif: options, webp: webp), sink: sink)
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
        return EncodedAnimation(format: writer.format, bytes: nil, byteCount: sink.byteCount, canvas: stream.canvas, frameCount: played,
                            peakFramesInMemory: stream.peakFramesAhead + encoder.peakFramesHeld + kept.count)
    }

    /// Everything that changes the animation's bytes, as its recipe's parameters, field by field.
    private func recipeParameters(_ writer: any AnimationWriting) -> String {
        let timing: JSONValue = switch timing {
        case .fps(let rate): .object([("fps", .double(rate))])
        case .delay(let milliseconds): .object([("delay", .double(milliseconds))])
        case .delays(let milliseconds): .object([("delays", .array(milliseconds.map(JSONValue.double)))])
        case nil: .null
        }
        return RecipeText.lines([
            RecipeText.encoder(writer, AnimationOptions(gif: options, webp: webp)),
            RecipeText.frames(frames, [("timing", timing), ("bounce", .bool(bounce))]),
        ])
    }

    /// How the animation was made, as recorded in the catalog.
    private func lineageParameters(_ writer: any AnimationWriting) -> String {
        RecipeText.json(writer.parameters(AnimationOptions(gif: options, webp: webp))).rendered
    }
}
