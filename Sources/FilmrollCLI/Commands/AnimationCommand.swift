import Filmroll

/// `filmroll gif INPUT... -o OUT.gif|OUT.webp`: an animated GIF or WebP from photos or frames.
struct AnimationCommand: Command {
    static let spec = CommandSpec(
        name: "gif",
        abstract: "Make an animated GIF or WebP from photos, frames or animations, with good palettes and small files.",
        usage: "INPUT... -o OUT.gif|OUT.webp [--fps F | --delay MS | --delays MS,…] [--width W | --height H | --size N] [options]",
        arguments: [ArgumentSpec(name: "INPUT...", help: "Images or folders of them (an animated GIF or WebP gives all its frames).")],
        options: [
            OutputOptions.spec("OUT.gif|OUT.webp"),
        ] + FrameTimingOptions.specs + [
            .value("width", "W", "Canvas width; the height follows the first frame's aspect."),
            .value("height", "H", "Canvas height; the width follows."),
            .value("size", "N", "Longest edge of the canvas (default: the first frame's, at most 480)."),
            .value("fit", "contain|cover", "Frames of another aspect: contained on the background (default) or cropped."),
            .value("background", "COLOR", "Colour around contained frames and under transparency (default white)."),
            .value("loop", "forever|none|N", "Play for ever (default), once, or repeat N more times."),
            .value("quality", "1-100", "Higher is closer to the photos and larger. GIF: palette quality (default 80). "
                   + "WebP: lossy quality (default \(Int(WebPAnimationOptions().quality))), or with --lossless the effort to make it smaller."),
            .flag("lossless", "WebP: lossless frames (larger; exact colours)."),
            .value("dither", "0-1", "GIF: dithering strength (default 0: none)."),
            .value("colors", "2-256", "GIF: colours per frame (default 256)."),
            .value("order", "name|date", "Frame order: file names in natural order (default), or capture time."),
            .flag("bounce", "Play forward, then backward."),
            .flag("no-cache", "Keep no decoded photos in memory (as in thumbs)."),
        ] + MakingOptions.specs,
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
            for option in ["dither", "colors"] where arguments.value(option) != nil {
                throw UsageError("option '--\(option)' is for GIFs; a WebP has no palette")
            }
        } else if arguments.has("lossless") {
            throw UsageError("option '--lossless' is for WebPs; a GIF is always made of palettes")
        }
        // A GIF's delays are in hundredths of a second: 100 fps at most.
        timing = try FrameTimingOptions(arguments, maximumRate: 100).frameTiming
        let sizes = ["width", "height", "size"].filter { arguments.value($0) != nil }
        if sizes.count > 1 { throw UsageError("use one of --width, --height, --size") }
        if let width = try arguments.integer("width", in: 1...4096) { sizing = .width(width) }
        if let height = try arguments.integer("height", in: 1...4096) { sizing = .height(height) }
        if let size = try arguments.integer("size", in: 1...4096) { sizing = .longestEdge(size) }
        switch arguments.value("fit") ?? "contain" {
        case "contain": fit = .inside
        case "cover": fit = .cover
        case let other: throw UsageError("option '--fit' takes contain or cover, not '\(other)'")
        }
        if let text = arguments.value("background") {
            guard let color = RGBColor(parsing: text) else { throw UsageError("option '--background' takes a colour name or #RRGGBB, not '\(text)'") }
            background = color
        } else {
            background = .white
        }
        switch arguments.value("loop") ?? "forever" {
        case "forever": options.loop = .forever
        case "none": options.loop = .once
        case let text:
            guard let count = Int(text), (1...65535).contains(count) else {
                throw UsageError("option '--loop' takes forever, none or a count from 1 to 65535, not '\(text)'")
            }
            options.loop = .repeats(count)
        }
        webp.loop = options.loop
        options.quality = try arguments.integer("quality", in: 1...100, default: 80)!
        if let quality = try arguments.integer("quality", in: 1...100) { webp.quality = Double(quality) }
        webp.lossless = arguments.has("lossless")
        if let dither = arguments.value("dither") {
            guard let value = Double(dither), (0...1).contains(value) else { throw UsageError("option '--dither' needs a number from 0 to 1, not '\(dither)'") }
            options.dither = value
        }
        options.colors = try arguments.integer("colors", in: 2...256, default: 256)!
        guard let order = AnimationFrames.Order(rawValue: arguments.value("order") ?? "name") else {
            throw UsageError("option '--order' takes name or date, not '\(arguments.value("order")!)'")
        }
        self.order = order
        bounce = arguments.has("bounce")
        useCache = !arguments.has("no-cache")
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
