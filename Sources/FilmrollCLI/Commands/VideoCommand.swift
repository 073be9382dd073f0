import Filmroll

/// `filmroll video INPUT... -o OUT.mp4`: an H.264 MP4 slideshow of photos,
/// or a video of frames. The work is `VideoMaker`'s.
struct VideoCommand: Command {
    static let inputs = ArgumentSpec(name: "INPUT...", help: "Photos, frames or folders of them (an animated GIF or WebP gives all its frames).")
    static let output = OutputOptions.spec("OUT.mp4")
    static let seconds = OptionSpec.value("seconds", "S", "Slideshow: how long each photo shows, crossfades included (default 2.5).")
    static let crossfade = OptionSpec.value("crossfade", "S", "Slideshow: how long one photo dissolves into the next (default 0.5; 0 for cuts).")
    static let clipSeconds = OptionSpec.value(
        "clip-seconds", "S", "Slideshow: videos among the inputs play, muted, for up to S seconds (default: a video shows its poster).")
    static let zoom = OptionSpec.flag("zoom", "Slideshow: a slow zoom and pan on each photo.")
    static let size = SizeOption.size
    static let canvas = OptionSpec.value(
        "canvas", "WxH", "Slideshow: the canvas; a video of frames takes W as its width (formerly --size WxH).").defaulting(to: "1920x1080")
    static let crf = OptionSpec.value("crf", "0-51", "Quality: lower is better and larger (default 23, as ffmpeg's).")
    static let preset = OptionSpec.value("preset", "NAME", "libx264's speed for size: ultrafast … veryslow (default medium).")

    static let spec = CommandSpec(
        name: "video",
        abstract: "Make an H.264 MP4: a slideshow of photos with crossfades, or a video of frames.",
        arguments: [inputs],
        options: [output, seconds, crossfade, clipSeconds, zoom, size, canvas, FitOption.fit,
                  BackgroundOption.background.defaulting(to: "black for slideshows, white for frames")]
            + FrameTimingOptions.specs + [crf, preset, OrderOption.order, MemoryCacheOption.noMemoryCache] + MakingOptions.specs,
        synopsis: [[.argument(inputs), .required(output), .optional(seconds), .optional(crossfade), .optional(clipSeconds),
                    .optional(zoom), .oneOf([size, canvas]), .oneOf(FrameTimingOptions.specs)]],
        discussion: """
        Photos make a slideshow; --fps, --delay or --delays, or an animated GIF or WebP among the inputs, make a
        video of frames instead (at 10 fps unless told, or with each animation's own delays; --fps at most 240).
        The stream is H.264 (libx264) in yuv420p with BT.709 colour tagged, sizes rounded down to even, and the
        file is written '+faststart' (its index first, so it plays while it loads). Every photo is upright and in sRGB.
        The file is written whole or not at all; Ctrl-C leaves nothing. An existing OUT.mp4 is replaced only
        when it is a video Filmroll made, unless --force; never an input.
        """
    )

    var inputs: [String]
    var output: String
    var slideshow = SlideshowOptions()
    var rate: FrameRate?
    var delays: [Int]?
    var frameSizing: AnimationFrames.Sizing?
    var fit: SlideshowOptions.Fit = .contain
    var background: RGBColor?
    var options = VideoOptions()
    var order: AnimationFrames.Order
    var useCache: Bool
    var common: MakingOptions
    /// Lines for standard error: an old spelling understood.
    var deprecations: [String] = []

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError("missing INPUT") }
        inputs = arguments.positionals
        guard let output = OutputOptions.path(arguments) else { throw UsageError("missing -o OUT.mp4") }
        let lower = output.lowercased()
        guard lower.hasSuffix(".mp4") || lower.hasSuffix(".m4v") else { throw UsageError("the output must end in .mp4, not '\(output)'") }
        self.output = output
        switch try FrameTimingOptions(arguments, maximumRate: 240).timing {
        case .rate(let rate)?: self.rate = rate
        case .delay(let milliseconds)?: delays = [milliseconds]
        case .delays(let milliseconds)?: delays = milliseconds
        case nil: break
        }
        if let text = arguments.value(Self.seconds) {
            guard let value = Double(text), value > 0, value <= 3600 else { throw UsageError("option '--seconds' needs a number of seconds above 0, not '\(text)'") }
            slideshow.secondsPerPhoto = value
        }
        if let text = arguments.value(Self.crossfade) {
            guard let value = Double(text), value >= 0 else { throw UsageError("option '--crossfade' needs seconds (0 or more), not '\(text)'") }
            guard value <= slideshow.secondsPerPhoto / 2 else {
                throw UsageError("option '--crossfade' can be at most half of --seconds (\(slideshow.secondsPerPhoto)), not \(text)")
            }
            slideshow.crossfadeSeconds = value
        }
        if arguments.has(Self.zoom) { slideshow.kenBurns = KenBurns() }
        if let text = arguments.value(Self.clipSeconds) {
            guard let value = Double(text), value.isFinite, value >= 2 * slideshow.crossfadeSeconds, value <= 3600 else {
                throw UsageError("option '--clip-seconds' needs seconds from twice the crossfade (\(2 * slideshow.crossfadeSeconds)) to 3600, not '\(text)'")
            }
            slideshow.clipSeconds = value
        }
        try arguments.atMostOne(of: [Self.size, Self.canvas])
        var canvasText = arguments.value(Self.canvas)
        if let text = arguments.value(Self.size), text.lowercased().contains("x") {
            // --size WxH was the canvas before --size meant a longest edge everywhere.
            canvasText = text
            deprecations.append("'--size WxH' is now '--canvas WxH' ('--size' is a longest edge)")
        } else if let edge = try SizeOption.size(arguments, in: 2...8192) {
            frameSizing = .longestEdge(edge)
            slideshow.canvas = PixelSize(width: edge, height: (edge * 9 / 16) & ~1)
        }
        if let text = canvasText {
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let width = parts[0], let height = parts[1], (2...8192).contains(width), (2...8192).contains(height) else {
                throw UsageError("option '--canvas' takes WxH (1280x720), each from 2 to 8192, not '\(text)'")
            }
            slideshow.canvas = PixelSize(width: width, height: height)
            frameSizing = .width(width)
        }
        fit = try FitOption(arguments).fit == .cover ? .cover : .contain
        slideshow.fit = fit
        if let color = try BackgroundOption(arguments).color {
            background = color
            slideshow.background = color
        }
        if let text = arguments.value(Self.crf) {
            guard let value = Double(text), (0...51).contains(value) else { throw UsageError("option '--crf' needs a number from 0 to 51, not '\(text)'") }
            options.crf = value
        }
        if let text = arguments.value(Self.preset) {
            guard let preset = VideoPreset(rawValue: text) else {
                throw UsageError("option '--preset' takes \(VideoPreset.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
            }
            options.preset = preset
        }
        order = try OrderOption(arguments).order
        useCache = try MemoryCacheOption(arguments).keepsDecodedPhotos
        common = try MakingOptions(arguments)
    }

    func run(_ io: CommandIO) -> ExitCode {
        Interruption.install()
        let started = ContinuousClock.now
        let (files, failures, skipped) = InputWalker.expand(inputs)
        defer { skipped.report(io) }
        for failure in failures { io.reportFailure(path: failure.path, failure.reason) }
        if !failures.isEmpty { return .failure }
        if files.isEmpty {
            io.printError("filmroll video: no images in \(inputs.map(displayPath).joined(separator: ", "))")
            return .failure
        }
        var configuration = ImagePipeline.Configuration()
        if !useCache { configuration.memoryCostLimit = 0 }
        configuration.limits = common.limits
        configuration.memory = MemoryBudget.forVideo(bytes: common.memoryBytes)
        let pipeline = ImagePipeline(configuration: configuration.reportingWarnings(to: io))
        var options = options
        options.memoryBytes = configuration.memory.encoderBytes

        let source: VideoSource
        if let delays {
            source = .delayedFrames(milliseconds: delays)
        } else if let rate {
            source = .frames(rate)
        } else if VideoMaker.containsAnimation(files, limits: common.limits) {
            source = .delayedFrames(milliseconds: [])
        } else {
            source = .slideshow(slideshow)
        }
        let isSlideshow = if case .slideshow = source { true } else { false }
        let maker = VideoMaker(
            source: source,
            frames: AnimationFrames(pipeline: pipeline, sizing: frameSizing, fit: fit == .cover ? .cover : .inside, background: background ?? .white),
            order: order, options: options, force: common.force,
            lineage: common.useCatalog ? LineageRecorder(catalogPath: common.catalogPath, notes: io.printLineageNote) : nil)
        let total = isSlideshow ? max(1, Int((Double(files.count) * slideshow.secondsPerPhoto).rounded())) : files.count
        let progress = ProgressBar(io: io, total: total, label: "video", enabled: !common.quiet && !common.json)
        let cancellation = CancellationToken()
        Interruption.cancelOnSignal(cancellation)
        let made: VideoOutput
        do throws(VideoError) {
            made = try maker.make(files, output: output, cancellation: cancellation) { progress.advance() }
        } catch {
            progress.finish()
            switch error {
            case let .frame(path, reason), let .output(path, reason): io.reportFailure(path: path, reason.description)
            case .catalog(let error): io.printError("filmroll: \(error); or add --no-catalog to go on without it")
            case .cancelled:
                io.printError("filmroll: interrupted; nothing was written")
                return Interruption.exitCode
            case .noFrames: io.printError("filmroll video: \(error)")
            }
            return .failure
        }
        progress.finish()
        if let error = made.recordingError {
            io.printError("filmroll: could not record the video \(displayPath(output)): \(error)")
        }
        let seconds = (ContinuousClock.now - started).seconds
        if common.json {
            io.print(JSONValue.object([
                ("path", .string(output)), ("width", .int(made.size.width)), ("height", .int(made.size.height)),
                ("frames", .int(made.frameCount)), ("duration", .double((made.durationSeconds * 1000).rounded() / 1000)),
                ("bytes", .int(made.byteCount)), ("seconds", .double((seconds * 1000).rounded() / 1000)),
                ("skipped", .array(skipped.jsonObjects())),
            ]).rendered)
        } else if !common.quiet {
            io.print("\(displayPath(output)): \(made.frameCount) frames, \(made.size), \(fixed(made.durationSeconds, 2)) s, "
                     + "\(displayBytes(made.byteCount)) in \(fixed(seconds, 2)) s")
        }
        return made.recordingError == nil ? .success : .failure
    }
}
