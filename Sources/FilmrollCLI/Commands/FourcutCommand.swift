import Filmroll

/// `filmroll fourcut`: four photos framed as a photo-booth strip or grid,
/// with the date under them, at print resolution; or one per day.
struct FourcutCommand: Command {
    static let photos = ArgumentSpec(name: "PHOTO…", help: "Four photos, top to bottom (left to right, then down, in a grid).")
    static let output = OutputOptions.spec("OUT|DIR")
    static let layout = OptionSpec.value("layout", "strip|grid", "strip: 2×6 in, four cells in a column (default); grid: 2×2 on 4×6 in.")
    static let printSheet = OptionSpec.value("print", "single|4x6", "4x6: two identical strips side by side on a 4×6 in sheet, with a cut guide.")
    static let dpi = OptionSpec.value("dpi", "300|600", "Output resolution (default 600: a strip is 1200×3600).")
    static let frame = OptionSpec.value("frame", "COLOR", "Frame colour: a name (white, black, pink, mint, navy, …) or #RRGGBB (default white).")
    static let gap = OptionSpec.value("gap", "PX", "Frame between and around cells, in pixels (default 0.06 in).")
    static let radius = OptionSpec.value("radius", "PX", "Round the cells' corners by PX pixels.")
    static let caption = OptionSpec.value("caption", "auto|none|TEXT", "auto: the date the photos were taken (default); none; or your own text.")
    static let dateFormat = OptionSpec.value(
        "date-format", "FORMAT", "Date pattern: yyyy, yy, MM, M, MMM, dd, d, EEE, EEEE, 'text' (default yyyy.MM.dd).")
    static let font = OptionSpec.value("font", "NAME|PATH", "Caption font: a fontconfig family or a font file (default DejaVu Sans).")
    static let crop = OptionSpec.value("crop", "center|smart", "Which part of each photo fills its cell: the centre, or the most detailed part.")
    static let repeats = OptionSpec.flag("repeat", "With fewer than four photos, repeat them to fill the cells.")
    static let folder = OptionSpec.value("folder", "FOLDER", "With --per-day: a catalogued folder.")
    static let perDay = OptionSpec.flag("per-day", "One sheet per day with at least four photos, named by date (2025-04-10.jpg).")
    static let pick = OptionSpec.value("pick", "spread|first", "With --per-day: four photos spread across the day (default), or the first four.")

    static let spec = CommandSpec(
        name: "fourcut",
        abstract: "Frame four photos as a photo-booth strip or grid with their date, at print resolution.",
        arguments: [photos],
        options: [
            output, layout, printSheet, dpi, frame, gap, radius, caption, dateFormat, CalendarOptions.locale, CalendarOptions.title,
            font, crop, QualityOption.quality.defaulting(to: "92"), repeats, folder, perDay, pick, ImageFormatOption.format,
            MemoryCacheOption.noMemoryCache, JobsOptions.jobs,
        ] + MakingOptions.specs,
        synopsis: [[.argument(photos), .required(output)],
                   [.required(folder), .required(perDay), .optional(output), .optional(pick), .optional(ImageFormatOption.format)]],
        discussion: """
        Each photo is turned upright and cover-cropped to its cell; photos are decoded only as large as the cell needs.
        -o OUT is the sheet: .jpg (quality 92) or .png, with its dpi recorded. With --per-day, -o DIR is the folder
        the sheets go in (default: the current folder). --json prints one object per sheet.
        In a catalogued folder (or with --catalog) each sheet is recorded with its four photos.
        An existing OUT is replaced only when it is a four-cut Filmroll made, unless --force; never one of the photos.
        """
    )

    var photos: [String]
    var output: String?
    var options = FourCutOptions()
    var quality: Int
    var folder: String?
    var perDay: Bool
    var outFolder: String
    var pickFirst: Bool
    /// The sheets' format, of an encoder `ImageEncoders` lists: by -o OUT's extension, or --format with --per-day.
    var format: ImageFormat
    var useCache: Bool
    var jobs: Int
    var common: MakingOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        perDay = arguments.has(Self.perDay)
        folder = arguments.value(Self.folder)
        photos = arguments.positionals
        output = OutputOptions.path(arguments)
        outFolder = output ?? "."
        common = try MakingOptions(arguments)
        if perDay && !common.useCatalog { throw UsageError("--per-day reads the catalog; it cannot go with --no-catalog") }
        useCache = try MemoryCacheOption(arguments).keepsDecodedPhotos
        jobs = try JobsOptions(arguments).jobs
        quality = try QualityOption(arguments).quality ?? 92
        pickFirst = try arguments.choice(Self.pick, [("spread", false), ("first", true)], default: false)
        if perDay {
            guard folder != nil, photos.isEmpty else { throw UsageError("--per-day needs --folder FOLDER and no PHOTO arguments") }
            format = try ImageFormatOption(arguments).format
        } else {
            guard let output else { throw UsageError("missing -o OUT") }
            guard let encoder = ImageEncoders.encoder(forOutputPath: output) else {
                throw UsageError("cannot tell the output format from '\(output)'; use \(ImageEncoders.extensionList)")
            }
            format = encoder.format
            if photos.isEmpty { throw UsageError("missing PHOTO arguments; a four-cut takes four photos") }
            if photos.count > 4 { throw UsageError("a four-cut takes four photos, not \(photos.count)") }
            if photos.count < 4 {
                guard arguments.has(Self.repeats) else {
                    throw UsageError("a four-cut takes four photos, not \(photos.count); add --repeat to repeat them")
                }
                photos = (0..<4).map { photos[$0 % photos.count] }
            }
        }
        try Self.style(arguments, into: &options)
    }

    /// The look options shared by both forms.
    static func style(_ arguments: ParsedArguments, into options: inout FourCutOptions) throws(UsageError) {
        options.style = try arguments.choice(Self.layout, [("strip", .strip), ("grid", .grid)], default: options.style)
        options.sheet = try arguments.choice(Self.printSheet, [("single", .single), ("4x6", .fourBySix)], default: options.sheet)
        options.dpi = try arguments.integer(Self.dpi, in: 72...1200, default: 600)!
        if let frame = arguments.value(Self.frame) {
            guard let color = RGBColor(parsing: frame) else {
                throw UsageError("option '--frame' takes a colour name or #RRGGBB, not '\(frame)'")
            }
            options.frame = color
        }
        options.gap = try arguments.integer(Self.gap, in: 0...1000)
        options.cornerRadius = try arguments.integer(Self.radius, in: 0...2000, default: 0)!
        switch arguments.value(Self.caption) ?? "auto" {
        case "auto": options.caption = .auto
        case "none": options.caption = .none
        case let text: options.caption = .text(text)
        }
        if arguments.gave(CalendarOptions.locale) { options.dates.locale = try CalendarOptions.isKorean(arguments) ? .ko : .en }
        options.dates.format = arguments.value(Self.dateFormat)
        options.title = arguments.value(CalendarOptions.title)
        if let font = arguments.value(Self.font) { options.font = font }
        options.crop = try arguments.choice(Self.crop, [("center", .center), ("smart", .smart)], default: options.crop)
    }

    func run(_ io: CommandIO) -> ExitCode {
        var configuration = ImagePipeline.Configuration()
        if !useCache { configuration.memoryCostLimit = 0 }
        configuration.limits = common.limits
        configuration.memory = common.memory()
        let lineage = common.useCatalog ? LineageRecorder(catalogPath: common.catalogPath, notes: io.printLineageNote) : nil
        let maker = FourCutMaker(pipeline: ImagePipeline(configuration: configuration.reportingWarnings(to: io)), options: options,
                                 quality: quality, force: common.force, lineage: lineage, jobs: jobs)
        if perDay, let folder {
            var perDay = FourCutPerDay(maker: maker, folder: folder, outputFolder: outFolder, pickFirst: pickFirst, format: format)
            perDay.marksOutputFolder = output != nil
            return runPerDay(perDay, io)
        }
        do throws(FourCutError) {
            return report(try maker.make(photos: photos, output: output!), io) ? .success : .failure
        } catch {
            report(error, io)
            return .failure
        }
    }

    /// `--per-day`: a sheet for each day of the catalog with four photos.
    private func runPerDay(_ perDay: FourCutPerDay, _ io: CommandIO) -> ExitCode {
        Interruption.install()
        let days: [FourCutPerDay.Day]
        do throws(CatalogError) {
            days = try perDay.days()
        } catch {
            io.reportFailure(path: perDay.folder, error.description)
            return .failure
        }
        if days.isEmpty {
            io.printError("filmroll: \(displayPath(perDay.folder)): no day has four photos (run 'filmroll index' first?)")
            return .failure
        }
        let progress = ProgressBar(io: io, total: days.count, label: "fourcut", enabled: !common.quiet && !common.json)
        let cancellation = CancellationToken()
        Interruption.cancelOnSignal(cancellation)
        let outcome = perDay.make(days, cancellation: cancellation) { _, result in
            switch result {
            case .success(let sheet): _ = report(sheet, io)
            case .failure(let error): report(error, io)
            }
            progress.advance()
        }
        progress.finish()
        // Sheets that could not be recorded count as failed: a re-run makes them again.
        var failed = outcome.failed, made = outcome.made
        if let error = outcome.recordingError {
            io.printError("filmroll: could not record the four-cuts: \(error)")
            failed += made
            made = 0
        }
        if !common.quiet && !common.json {
            let current = outcome.upToDate > 0 ? ", \(outcome.upToDate) up to date" : ""
            io.print("\(made) four-cut\(made == 1 ? "" : "s") made\(current), \(failed) failed; in \(displayPath(perDay.outputFolder))")
        }
        if Interruption.requested {
            io.printError("filmroll: interrupted; run the same command again to finish")
            return Interruption.exitCode
        }
        return failed > 0 ? .failure : .success
    }

    /// Prints a sheet made (`--json`) and why it was not recorded; false then.
    private func report(_ sheet: FourCutSheet, _ io: CommandIO) -> Bool {
        if let error = sheet.recordingError {
            io.printError("filmroll: could not record the fourcut \(displayPath(sheet.path)): \(error)")
        }
        if common.json {
            io.print(JSONValue.object([
                ("path", .string(sheet.path)), ("width", .int(sheet.size.width)), ("height", .int(sheet.size.height)),
                ("dpi", .int(sheet.dpi)), ("photos", .array(sheet.photos.map(JSONValue.string))),
            ]).rendered)
        }
        return sheet.recordingError == nil
    }

    /// Prints why a sheet was not made.
    private func report(_ error: FourCutError, _ io: CommandIO) {
        switch error {
        case let .output(path, reason), let .photo(path, reason): io.reportFailure(path: path, reason.description)
        case .catalog(let error): io.printError("filmroll: \(error); or add --no-catalog to go on without it")
        case .rendering(let reason): io.printError("filmroll fourcut: \(reason)")
        }
    }
}
