#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Imaging

/// H.264 MP4 videos from photos (a slideshow) or from frames (a sequence,
/// animated GIFs and WebPs giving theirs), upright and colour-managed
/// through the image pipeline, recorded in the catalog of the photos'
/// folder: what `filmroll video` does.
///
/// ```swift
/// let (files, _, _) = InputWalker.expand(["/photos/trip"])
/// let video = try VideoMaker(source: .slideshow(SlideshowOptions())).make(files, output: "/photos/trip.mp4")
/// ```
///
/// Frames stream into the encoder: a slideshow holds only the photos on
/// screen; a sequence is decoded in order.
public struct VideoMaker {
    public var source: VideoSource
    /// Sizing, fit and background of a sequence's frames (a slideshow has its own).
    public var frames: AnimationFrames
    public var order: AnimationFrames.Order
    /// Quality and speed (`crf`, `preset`); the timing comes from `source`.
    public var options: VideoOptions
    /// Replace an existing file Filmroll did not make (never an input).
    public var force: Bool
    /// Records videos with their photos; nil: no catalog is read or written.
    public var lineage: LineageRecorder?

    public init(source: VideoSource, frames: AnimationFrames = AnimationFrames(), order: AnimationFrames.Order = .name,
                options: VideoOptions = VideoOptions(), force: Bool = false, lineage: LineageRecorder? = nil) {
        self.source = source
        self.frames = frames
        self.order = order
        self.options = options
        self.force = force
        self.lineage = lineage
    }

    /// Whether `files` hold an animation (an animated GIF or WebP), whose
    /// frames make a sequence rather than a slideshow.
    public static func containsAnimation(_ files: [InputFile], limits: DecodeLimits = .default) -> Bool {
        files.contains { ((try? ImageDecoder.readInfo(contentsOf: $0.path, limits: limits))?.metadata.frameCount ?? 1) > 1 }
    }

    /// Makes `output` from `files` and records it. The output and the
    /// catalog are checked before any decoding; the video is then one
    /// planned output (`StreamedOutputs`), run by `PlanExecutor`, which
    /// guards it and records it with its recipe's key. A cancelled or
    /// failed run leaves no file.
    /// - Parameter progress: called once per input decoded (sequences) or per second of video made (slideshows).
    public func make(_ files: [InputFile], output: String, cancellation: CancellationToken = CancellationToken(),
                     progress: @escaping @Sendable () -> Void = {}) throws(VideoError) -> VideoOutput {
        if files.isEmpty { throw .noFrames }
        let ordered = AnimationFrames.order(files, by: order)
        let inputs = InputIdentities(ordered)
        do throws(ImagingError) {
            try OutputGuard(mark: .video, force: force, inputs: inputs, catalogPath: lineage?.catalogPath).check(output)
        } catch {
            throw .output(path: output, error)
        }
        let target: LineageTarget?
        do throws(CatalogError) {
            target = try lineage?.target(forPhotos: ordered.map(\.path))
        } catch {
            throw .catalog(error)
        }
        var options = options
        options.limits = frames.pipeline.configuration.limits
        options.comment = OutputMark.video.text
        let made = Locked<VideoOutput?>(nil)
        let maker = StreamedOutputs.Carried(self)
        let planned = StreamedOutputs.planned(
            kind: .video, files: ordered, recipeParameters: recipeParameters(options), catalogParameters: lineageParameters,
            path: output, mark: .video, photos: target?.photos ?? [],
            hashes: StreamedOutputs.hashes(lineage, target: target)) { [options] writer, _ in
            // The encoder writes its own temporary beside `output` and renames it when whole.
            try writer.outputGuard.check(output)
            let video = try maker.value.encode(ordered, output: output, options: options, cancellation: cancellation, progress: progress)
            made.withLock { $0 = video }
        }
        // x264 keeps its own threads (`options.threads`); the executor makes this one output.
        let run = StreamedOutputs.run(planned, pipeline: frames.pipeline, jobs: 1, force: force, inputs: inputs,
                                      cancellation: cancellation, lineage: lineage, target: target)
        if let failure = run.failure {
            switch failure {
            case .output(_, let error as VideoError): throw error
            case .output(_, let error as ImagingError), .photo(_, let error): throw .output(path: output, error)
            case .output, .missingPhotos: throw .output(path: output, .videoEncodingFailed(failure.reason))
            }
        }
        // Already made by the same recipe (the catalog's record): the file there, as it is.
        let found = run.summary.upToDate + run.summary.reused == 1
        guard var video = made.withLock({ $0 }) ?? (found ? VideoOutput.existing(at: output) : nil) else {
            if cancellation.isCancelled { throw .cancelled }
            throw .output(path: output, .videoEncodingFailed("not made"))
        }
        video.wasMade = !found
        var status = stat()
        if stat(output, &status) == 0 { video.byteCount = Int(status.st_size) }
        video.recordingError = run.recordingError
        return video
    }

    /// Encodes `files` into `output` as the source says.
    private func encode(_ files: [InputFile], output: String, options: VideoOptions, cancellation: CancellationToken,
                        progress: @escaping @Sendable () -> Void) throws(VideoError) -> VideoOutput {
        switch source {
        case .slideshow(let slideshow):
            try makeSlideshow(files, slideshow: slideshow, output: output, options: options,
                              cancellation: cancellation, progress: progress)
        case .frames(let rate):
            try makeSequence(files, timing: .frameRate(rate), delays: nil, output: output, options: options,
                             cancellation: cancellation, progress: progress)
        case .delayedFrames(let milliseconds):
            try makeSequence(files, timing: nil, delays: milliseconds, output: output, options: options,
                             cancellation: cancellation, progress: progress)
        }
    }

    private func makeSlideshow(_ files: [InputFile], slideshow options: SlideshowOptions, output: String, options videoOptions: VideoOptions,
                               cancellation: CancellationToken, progress: @Sendable () -> Void) throws(VideoError) -> VideoOutput {
        var options = options
        options.limits = frames.pipeline.configuration.limits
        var photos: [SlideshowPhoto] = []
        for file in files {
            do throws(ImagingError) {
                if let clipSeconds = options.clipSeconds, let seconds = try Self.videoSeconds(file.path, limits: options.limits) {
                    photos.append(.clip(path: file.path, seconds: min(clipSeconds, seconds)))
                } else {
                    photos.append(.file(try SourceIdentity.of(file.path)))
                }
            } catch {
                throw .frame(path: file.path, error)
            }
        }
        let show: Slideshow
        do throws(ImagingError) {
            show = try Slideshow(photos: photos, options: options, pipeline: frames.pipeline)
        } catch {
            throw .output(path: output, error)
        }
        let framesPerStep = max(1, Int(options.frameRate.framesPerSecond.rounded()))
        var encoded = 0
        let written: Bool
        do throws(ImagingError) {
            written = try show.encode(to: output, options: videoOptions) {
                encoded += 1
                if encoded % framesPerStep == 0 { progress() }
                return cancellation.isCancelled
            }
        } catch {
            // A photo that could not be read is named; anything else is the video's.
            if let photo = show.failedPhoto, photo < files.count { throw .frame(path: files[photo].path, error) }
            throw .output(path: output, error)
        }
        if !written { throw .cancelled }
        return VideoOutput(path: output, size: show.canvas, frameCount: show.frameCount,
                           durationSeconds: Double(show.frameCount) / options.frameRate.framesPerSecond, byteCount: 0)
    }

    /// A video's length in seconds, known from its first bytes and header;
    /// nil for a photo, of which only the first bytes are read.
    private static func videoSeconds(_ path: String, limits: DecodeLimits) throws(ImagingError) -> Double? {
        let (head, _, _) = try ImagingError.converting(try FileBytes.read(path, limit: limits.maxFileBytes,
                                                                          headCount: ImageDecoders.signatureLength) { _ in true })
        guard let decoder = ImageDecoders.decoder(forHead: head), decoder.readsFiles else { return nil }
        return try decoder.readInfo(path: path, limits: limits).metadata.video?.durationSeconds
    }

    private func makeSequence(_ files: [InputFile], timing: VideoTiming?, delays: [Int]?, output: String, options: VideoOptions,
                              cancellation: CancellationToken, progress: @escaping @Sendable () -> Void) throws(VideoError) -> VideoOutput {
        let stream: FrameStream
        do throws(AnimationFrames.FrameError) {
            stream = try frames.stream(files, cancellation: cancellation, progress: progress)
        } catch {
            throw .frame(path: error.path, error.error)
        }
        // Milliseconds: as asked (the last repeating), else each input's own
        // (10 fps for stills). The encoder's nominal rate is only a hint to
        // libx264's rate control when durations vary.
        var settings = options
        settings.timing = timing ?? .milliseconds(nominal: delays.flatMap { $0.first }.flatMap { FrameRate(numerator: 1000, denominator: $0) } ?? 10)
        let encoder: VideoEncoder
        do throws(ImagingError) {
            encoder = try VideoEncoder(path: output, size: stream.canvas, options: settings)
        } catch {
            throw .output(path: output, error)
        }
        var index = 0
        while true {
            let frame: AnimationFrames.Frame?
            do throws(AnimationFrames.FrameError) {
                frame = try stream.next()
            } catch {
                encoder.cancel()
                throw .frame(path: error.path, error.error)
            }
            if cancellation.isCancelled {
                encoder.cancel()
                throw .cancelled
            }
            guard let frame else { break }
            let milliseconds: Int
            if let delays, !delays.isEmpty {
                milliseconds = max(1, delays[min(index, delays.count - 1)])
            } else {
                milliseconds = max(1, frame.ownMilliseconds ?? 100)
            }
            do throws(ImagingError) {
                try encoder.add(frame.image, duration: timing == nil ? milliseconds : 1)
            } catch {
                throw .output(path: output, error)
            }
            index += 1
        }
        if index == 0 {
            encoder.cancel()
            throw .noFrames
        }
        do throws(ImagingError) {
            try encoder.finish()
        } catch {
            throw .output(path: output, error)
        }
        return VideoOutput(path: output, size: encoder.size, frameCount: encoder.frameCount,
                           durationSeconds: settings.timing.seconds(ticks: encoder.durationTicks), byteCount: 0)
    }

    /// Everything that changes the video's bytes, as its recipe's parameters.
    private func recipeParameters(_ options: VideoOptions) -> String {
        let source: String = switch self.source {
        case .slideshow(let show):
            RecipeText.fields("slideshow", [
                ("width", .int(show.canvas.width)), ("height", .int(show.canvas.height)), ("fit", .string(show.fit.rawValue)),
                ("background", .string(RecipeText.hex(show.background))), ("seconds", .double(show.secondsPerPhoto)),
                ("crossfade", .double(show.crossfadeSeconds)), ("rate", RecipeText.rate(show.frameRate)),
                ("kenBurns", show.kenBurns.map { .object([("scale", .double($0.scale)), ("pan", .double($0.pan))]) } ?? .null),
                ("clipSeconds", show.clipSeconds.map(JSONValue.double) ?? .null), ("maxFrames", .int(show.maxFrames)),
            ])
        case .frames(let rate): RecipeText.fields("frames", [("rate", RecipeText.rate(rate))])
        case .delayedFrames(let milliseconds): RecipeText.fields("delays", [("milliseconds", .array(milliseconds.map(JSONValue.int)))])
        }
        return RecipeText.lines([source, RecipeText.video(options), RecipeText.frames(frames)])
    }

    /// How the video was made, as recorded in the catalog.
    private var lineageParameters: String {
        var fields: [(String, JSONValue)] = [("crf", .double(options.crf)), ("preset", .string(options.preset.rawValue))]
        switch source {
        case .slideshow(let slideshow):
            fields += [("seconds", .double(slideshow.secondsPerPhoto)), ("crossfade", .double(slideshow.crossfadeSeconds)),
                       ("zoom", .bool(slideshow.kenBurns != nil))]
        case .frames(let rate): fields.append(("fps", .string(rate.description)))
        case .delayedFrames(let milliseconds): fields.append(("delays", .array(milliseconds.map(JSONValue.int))))
        }
        return JSONValue.object(fields).rendered
    }
}
