import Filmroll

/// `filmroll gif INPUT... -o OUT.gif|OUT.webp`: an animated GIF or WebP from photos or frames.
struct AnimationCommand: Command {
    static let inputs = ArgumentSpec(name: "INPUT...", help: "Images or folders of them (an animated GIF or WebP gives all its frames).")
    static let output = OutputOptions.spec("OUT.gif|OUT.webp")
    static let width = OptionSpec.value("width", "W", "Canvas width; the height follows the first frame's aspect.")
    static let height = OptionSpec.value("height", "H", "Canvas height; the width follows.")
    static let size = SizeOption.size.defaulting(to: "the first frame's, at most 480")
    static let loop = OptionSpec.value("loop", "forever|none|N", "Play for ever, once, or repeat N more times.").defaulting(to: "forever")
    static let quality = QualityOption.quality.defaulting(to: "\(Int(WebPAnimationOptions().quality)); with --lossless, the effort to make it smaller")
    static let paletteQuality = OptionSpec.value(
        "palette-quality", "Q", "GIF: how close the palettes come to the frames, 1 to 100 (formerly --quality).").defaulting(to: "\(GIFOptions().quality)")
    static let lossless = OptionSpec.flag("lossless", "WebP: lossless frames (larger; exact colours).")
    static let dither = OptionSpec.value("dither", "0-1", "GIF: dithering strength (default 0: none).")
    static let colors = OptionSpec.value("colors", "2-256", "GIF: colours per frame (default 256).")
    static let bounce = OptionSpec.flag("bounce", "Play forward, then backward.")

    static let spec = CommandSpec(
        name: "gif",
        abstract: "Make an animated GIF or WebP from photos, frames or animations, with good palettes and small files.",
        arguments: [inputs],
        options: [output] + FrameTimingOptions.specs + [
            width, height, size, FitOption.fit, BackgroundOption.background.defaulting(to: "white"), loop, quality,
            paletteQuality, lossless, dither, colors, OrderOption.order, bounce, MemoryCacheOption.noMemoryCache,
        ] + MakingOptions.specs,
        synopsis: [[.argument(inputs), .required(output), .oneOf(FrameTimingOptions.specs), .oneOf([width, height, size])]],
        discussion: """
        Frames show 1/10 s each unless --fps, --delay or --delays say otherwise (an animated input keeps its own
        delays); --fps is at most 100, as a GIF counts in hundredths of a second.
        Every frame is upright and resized through the thumbnail pipeline. Frames stream from the decoders to the
        encoder, so memory stays flat however long the animation (--bounce keeps the frames for the way back).
        GIF: unchanged pixels stay transparent so static areas do not shimmer; identical frames merge; palettes
        come from libimagequant (GPL-3.0-or-later). WebP (-o OUT.webp): lossy by default, each frame encoded as
        the rectangle that changed (libwebp's WebPAnimEncoder), delays in exact milliseconds.
        An existing output is replaced only when Filmroll made it (the same format), unless --force; never an input.
        """,
        aliases: ["animate"]
    )

    var inputs: [String]
    var output: String
    var timing: FrameTiming?
    var sizing: AnimationFrames.Sizing?
    var fit: TargetSize.Fit
    var background: RGBColor
    var options = GIFOptions()
    var webp = WebPAnimationOptions()
    /// The format of the writer `-o OUT`'s extension names (`ImageEncoders.animations`).
    var format: ImageFormat
    var order: AnimationFrames.Order
    var bounce: Bool
    var useCache: Bool
    var common: MakingOptions
    /// Lines for standard error: an old spelling understood.
    var deprecations: [String] = []

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError("missing INPUT") }
        inputs = arguments.positionals
        guard let output = OutputOptions.path(arguments) else { throw UsageError("missing -o OUT.gif or -o OUT.webp") }
        guard let writer = ImageEncoders.animationWriter(forOutputPath: output) else {
            throw UsageError("the output must end in \(ImageEncoders.animationExtensionList), not '\(output)'")
        }
        self.output = output
        format = writer.format
        if format == .webp {
            for option in [Self.dither, Self.colors, Self.paletteQuality] where arguments.gave(option) {
                throw UsageError("option '--\(option.name)' is for GIFs; a WebP has no palette")
            }
        } else if arguments.has(Self.lossless) {
            throw UsageError("option '--lossless' is for WebPs; a GIF is always made of palettes")
        }
        // A GIF's delays are in hundredths of a second: 100 fps at most.
        timing = try FrameTimingOptions(arguments, maximumRate: 100).frameTiming
        try arguments.atMostOne(of: [Self.width, Self.height, Self.size])
        if let width = try arguments.integer(Self.width, in: 1...4096) { sizing = .width(width) }
        if let height = try arguments.integer(Self.height, in: 1...4096) { sizing = .height(height) }
        if let size = try SizeOption.size(arguments, in: 1...4096) { sizing = .longestEdge(size) }
        fit = try FitOption(arguments).targetFit
        background = try BackgroundOption(arguments).color ?? .white
        switch arguments.value(Self.loop) ?? "forever" {
        case "forever": options.loop = .forever
        case "none": options.loop = .once
        case let text:
            guard let count = Int(text), (1...65535).contains(count) else {
                throw UsageError("option '--loop' takes forever, none or a count from 1 to 65535, not '\(text)'")
            }
            options.loop = .repeats(count)
        }
        webp.loop = options.loop
        let quality = try QualityOption(arguments).quality
        if let quality, format == .webp { webp.quality = Double(quality) }
        if let palette = try arguments.integer(Self.paletteQuality, in: 1...100) {
            options.quality = palette
        } else if let quality, format == .gif {
            // --quality was a GIF's palette quality before it meant a lossy quality everywhere.
            options.quality = quality
            deprecations.append("'--quality' for a GIF is now '--palette-quality' ('--quality' is the quality of lossy outputs)")
        }
        webp.lossless = arguments.has(Self.lossless)
        if let dither = arguments.value(Self.dither) {
            guard let value = Double(dither), (0...1).contains(value) else { throw UsageError("option '--dither' needs a number from 0 to 1, not '\(dither)'") }
            options.dither = value
        }
        options.colors = try arguments.integer(Self.colors, in: 2...256, default: 256)!
        order = try OrderOption(arguments).order
        bounce = arguments.has(Self.bounce)
        useCache = try MemoryCacheOption(arguments).keepsDecodedPhotos
        common = try MakingOptions(arguments)
    }

    func run(_ io: CommandIO) -> ExitCode {
        Interruption.install()
        let started = ContinuousClock.now
        let (files, failures, skipped) = InputWalker.expand(inputs)
        defer { skipped.report(io) }     // at the end of the run, however it ends
        for failure in failures { io.reportFailure(path: failure.path, failure.reason) }
        if !failures.isEmpty { return .failure }
        if files.isEmpty {
            io.printError("filmroll gif: no images in \(inputs.map(displayPath).joined(separator: ", "))")
            return .failure
        }
        var configuration = ImagePipeline.Configuration()
        if !useCache { configuration.memoryCostLimit = 0 }
        configuration.limits = common.limits
        configuration.memory = common.memory()
        let maker = AnimationMaker(
            frames: AnimationFrames(pipeline: ImagePipeline(configuration: configuration.reportingWarnings(to: io)),
                              sizing: sizing, fit: fit, background: background),
            order: order, timing: timing, bounce: bounce, options: options, webp: webp, format: format, force: common.force,
            lineage: common.useCatalog ? LineageRecorder(catalogPath: common.catalogPath, notes: io.printLineageNote) : nil)
        let progress = ProgressBar(io: io, total: files.count, label: format.rawValue, enabled: !common.quiet && !common.json)
        let cancellation = CancellationToken()
        Interruption.cancelOnSignal(cancellation)
        let made: AnimationOutput
        do throws(AnimationError) {
            made = try maker.make(files, output: output, cancellation: cancellation) { progress.advance() }
        } catch {
            progress.finish()
            switch error {
            case let .frame(path, reason), let .output(path, reason): io.reportFailure(path: path, reason.description)
            case .catalog(let error): io.printError("filmroll: \(error); or add --no-catalog to go on without it")
            case .cancelled:
                io.printError("filmroll: interrupted; nothing was written")
                return Interruption.exitCode
            case .noFrames, .encoding: io.printError("filmroll gif: \(error)")
            }
            return .failure
        }
        progress.finish()
        if let error = made.recordingError {
            io.printError("filmroll: could not record the \(format.rawValue) \(displayPath(output)): \(error)")
        }
        let seconds = (ContinuousClock.now - started).seconds
        let animation = made.animation
        if common.json {
            io.print(JSONValue.object([
                ("path", .string(output)), ("width", .int(animation.canvas.width)), ("height", .int(animation.canvas.height)),
                ("frames", .int(animation.frameCount)), ("bytes", .int(animation.byteCount)),
                ("seconds", .double((seconds * 1000).rounded() / 1000)), ("skipped", .array(skipped.jsonObjects())),
            ]).rendered)
        } else if !common.quiet {
            io.print("\(displayPath(output)): \(animation.frameCount) frames, \(animation.canvas), \(displayBytes(animation.byteCount)) in \(fixed(seconds, 2)) s")
        }
        return made.recordingError == nil ? .success : .failure
    }
}
