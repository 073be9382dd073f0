import Filmroll

/// `filmroll thumbs INPUT...`: thumbnails of every photo, in parallel,
/// shrinking on load, cached in memory and on disk.
struct ThumbsCommand: Command {
    static let upscale = OptionSpec.flag("upscale", "Enlarge photos smaller than the size (never done otherwise).")
    static let keepMetadata = OptionSpec.flag("keep-metadata", "Carry the photo's EXIF over (orientation set to 1, embedded thumbnail dropped).")
    static let inputs = ArgumentSpec(name: "INPUT...", help: "Image files (\(ImageDecoders.formatList)) or folders (searched recursively).")
    static let output = OutputOptions.spec("DIR")
    static let size = SizeOption.size.takingSeveral().defaulting(to: "256")

    static let spec = CommandSpec(
        name: "thumbs",
        abstract: "Make thumbnails of photos, in parallel, cached on disk.",
        arguments: [inputs],
        options: [
            size, output, ImageFormatOption.format, QualityOption.quality.defaulting(to: "85"), FitOption.fit,
            upscale, keepMetadata, JobsOptions.jobs, ShardOptions.shard, CalendarOptions.xdg,
        ] + ThumbnailStoreOptions.specs + MakingOptions.specs,
        synopsis: [[.argument(inputs), .optional(size), .optional(output), .optional(ImageFormatOption.format),
                    .optional(QualityOption.quality), .optional(FitOption.fit), .optional(JobsOptions.jobs),
                    .optional(ShardOptions.shard), .optional(CalendarOptions.xdg), .optional(ReportOptions.json),
                    .optional(ReportOptions.quiet)]],
        discussion: """
        With --out DIR, thumbnails are written as DIR/<relative path without extension>_<size>.<ext>, mirroring the
        input tree; without it, they stay in the store and the command says where (--json gives every path).
        --json prints one object per output and per failure. With --fit cover, each thumbnail is a square of the size.
        A re-run with unchanged photos makes nothing; a changed photo remakes only its own thumbnails.
        In a catalogued folder (see 'filmroll index'), or with --catalog, every thumbnail is recorded with its photo.
        Thumbnails are upright, 8-bit sRGB (converted through the photo's colour profile), and carry no metadata
        unless --keep-metadata (only a comment
        marking them as Filmroll's, so that a re-run may replace them and never anything else).
        A folder that cannot be written (a camera card) keeps its store in $XDG_CACHE_HOME/filmroll/thumbs.
        With --out, IMG_0001.HEIC and IMG_0001.JPG side by side get IMG_0001_heic_256.jpg and IMG_0001_jpg_256.jpg.
        With --shard K/N, only shard K of N of each folder's photos (by a stable hash of the path below the folder,
        as 'process --shard' splits them); a catalogued folder's thumbnails are then recorded in the shard's own
        catalog beside the folder's, which 'filmroll merge' folds in.
        """
    )

    var inputs: [String]
    var sizes: [Int]
    var outputFolder: String?
    var format: ImageFormat
    var quality: Int
    var fit: TargetSize.Fit
    var upscale: Bool
    var keepMetadata: Bool
    var jobs: Int
    var xdg: Bool
    var store: ThumbnailStoreOptions
    var shard: Shard?
    var common: MakingOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError("missing INPUT") }
        inputs = arguments.positionals
        let sizes = try SizeOption.sizes(arguments, in: 1...16384)
        self.sizes = sizes.isEmpty ? [256] : sizes
        // Two spellings of one folder (`A/./sub/..`, `A`) are one output folder.
        outputFolder = OutputOptions.path(arguments).map { $0.split(separator: "/").contains("..") ? AbsolutePath.normalized($0) : $0 }
        format = try ImageFormatOption(arguments).format
        quality = try QualityOption(arguments).quality ?? 85
        fit = try FitOption(arguments).targetFit
        upscale = arguments.has(Self.upscale)
        keepMetadata = arguments.has(Self.keepMetadata)
        jobs = try JobsOptions(arguments).jobs
        xdg = arguments.has(CalendarOptions.xdg)
        store = try ThumbnailStoreOptions(arguments)
        shard = try ShardOptions(arguments).shard
        common = try MakingOptions(arguments)
        if !store.isUsed && outputFolder == nil && !common.json && !xdg {
            throw UsageError("with --no-cache and no --out, thumbnails would go nowhere; add --out DIR (or --json)")
        }
    }

    func run(_ io: CommandIO) -> ExitCode {
        Interruption.install()
        let started = ContinuousClock.now
        var (files, failures, skipped) = InputWalker.expand(inputs)
        if let shard { files.removeAll { !shard.contains(relativePath: $0.relativePath) } }
        let progress = ProgressBar(io: io, total: files.count, label: "thumbs", enabled: !common.quiet && !common.json)
        let report = ThumbnailReport(io: io, json: common.json, progress: progress)
        for failure in failures { report.failed(path: failure.path, reason: failure.reason) }
        if common.json {
            for object in skipped.jsonObjects(pathKey: "source", reasonKey: "skipped") { io.print(object.rendered) }
        }

        let kept: ThumbnailPlan.Store = !store.isUsed ? .none : store.folder.map { .folder($0) } ?? .besidePhotos
        let plan = ThumbnailPlan(sizes: sizes, fit: fit, upscale: upscale, format: format, quality: quality,
                                 keepMetadata: keepMetadata, outputFolder: outputFolder, store: kept, storeLimit: store.limit,
                                 xdgRoot: xdg ? XDGThumbnail.cacheRoot(environment: ProcessEnvironment.current) : nil)
        let lineage = common.useCatalog ? lineageRecorder(io) : nil
        let batch = ThumbnailBatch(
            plan: plan,
            pipeline: ImagePipeline(configuration: ThumbnailBatch.pipelineConfiguration(limits: common.limits, memory: common.memory()).reportingWarnings(to: io)),
            jobs: jobs, force: common.force, lineage: lineage, readsCachedDimensions: common.json)
        let cancellation = CancellationToken()
        Interruption.cancelOnSignal(cancellation)
        let summary: ThumbnailSummary
        do throws(CatalogError) {
            summary = try batch.run(files, cancellation: cancellation, events: report.handle)
        } catch {
            progress.finish()
            report.storageFailures.report(io)
            io.printError("filmroll: \(error); or add --no-catalog to go on without it")
            return .failure
        }
        progress.finish()
        report.storageFailures.report(io)

        for error in summary.recordingErrors { io.printError("filmroll: could not record thumbnails: \(error)") }
        if !common.quiet {
            let text = report.summary(elapsed: ContinuousClock.now - started, location: summary.location)
            if common.json { io.writeError(text + "\n") } else { io.print(text) }
        }
        skipped.report(io)
        if Interruption.requested {
            io.printError("filmroll: interrupted; run the same command again to finish")
            return Interruption.exitCode
        }
        return report.anyFailed || !summary.recordingErrors.isEmpty ? .failure : .success
    }
}

extension Substring {
    func trimmingCharacters(in characters: Character) -> Substring {
        var text = self
        while text.first == characters { text = text.dropFirst() }
        while text.last == characters { text = text.dropLast() }
        return text
    }
}

extension ThumbsCommand {
    /// Where thumbnails are recorded: each folder's catalog (or --catalog);
    /// a shard's in its own catalog beside the folder's, one writer per file
    /// (none when the folder has no catalog).
    func lineageRecorder(_ io: CommandIO) -> LineageRecorder? {
        guard let shard else { return LineageRecorder(catalogPath: common.catalogPath, notes: io.printThumbnailLineageNote) }
        let folderCatalog = common.catalogPath
            ?? (inputs.count == 1 && Folders.isFolder(inputs[0]) ? Catalog.defaultPath(for: inputs[0]) : nil)
        guard let folderCatalog, FileBytes.exists(folderCatalog) else { return nil }
        return LineageRecorder(catalogPath: ShardCatalogs.path(of: shard, beside: folderCatalog),
                               notes: io.printThumbnailLineageNote)
    }
}
