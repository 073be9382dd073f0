/// `filmroll process`: everything Filmroll makes of a photo folder, in one
/// run: the catalog, 256 and 1024 px thumbnails, a four-cut sheet for every
/// day with four photos, an animation for every day with two, and a static
/// gallery over them.
///
/// `process` builds no output of its own: it runs the plans of `thumbs`
/// (`ThumbnailOutputs`, 256, 1024 and 2048 px), `fourcut --per-day`
/// (`FourCutPerDay.plannedSheet`, at 300 dpi) and the day animations
/// (`AnimationMaker.plannedDay`, in any format of the encoder registry)
/// through the `PlanExecutor`, which decodes each photo once for all of
/// them and judges what is up to date by the catalog's outputs table
/// (recipe keys): an output another command made by the same recipe is
/// found there and copied, not made again.
/// A re-run does only what changed; outputs of photos that are gone go;
/// gallery pages are outputs too, recorded with their keys and rewritten
/// only when their content changed.
///
/// A photo that cannot be read never breaks a page: its day's sheet and
/// animation are planned again from the others, pages link only what was
/// made, and the photo is listed on the problems page; the catalog keeps
/// why, so later runs pass it over until its file changes.
public struct FolderProcess: Sendable {
    public let folder: String
    /// The run's options; the basemap and hidden places are settled from
    /// `settingChanges` and the catalog once it is open (`FolderSettings`).
    public internal(set) var options: ProcessOptions
    /// The basemap and hidden places given to the run (`--basemap`,
    /// `--hide-places-near`), remembered in the folder's catalog.
    public var settingChanges = FolderSettings.Changes()
    public let pipeline: ImagePipeline
    /// What the index and the decodes went past (the decodes' when the pipeline is this run's own).
    let warnings = RunWarnings()

    public init(folder: String, options: ProcessOptions = ProcessOptions(), pipeline: ImagePipeline? = nil) {
        self.folder = folder
        self.options = options
        var configuration = ImagePipeline.Configuration()
        configuration.limits = options.limits
        // No cache: the executor groups every size a photo is needed at into one decode.
        configuration.memory = MemoryBudget(bytes: options.memoryBytes, cacheBytes: 0)
        let warnings = warnings
        configuration.onWarning = { path, warning in warnings.add(path: path, warning: warning) }
        self.pipeline = pipeline ?? ImagePipeline(configuration: configuration)
    }

    /// Runs every stage; a photo or day that fails is reported and skipped.
    /// Another run on the same catalog is waited for (`takeRunLock`).
    /// The catalog is `catalogPath` (default the folder's), or one made for
    /// the run when `options.keepsCatalog` is false.
    /// - Throws: `CatalogError` when the catalog cannot be opened or
    ///   written, `ImagingError` when the output folder cannot be made.
    public func run(catalogPath: String? = nil, cancellation: CancellationToken = CancellationToken(),
                    events: @escaping @Sendable (ProcessEvent) -> Void = { _ in }) throws -> ProcessSummary {
        warnings.start { path, warning in events(.warned(path: path, warning: warning)) }
        var summary = try runStages(catalogPath: catalogPath, cancellation: cancellation, events: events)
        summary.warnings = warnings.all.flatMap { file in file.warnings.map { ProcessFailure(path: file.path, reason: $0) } }
        return summary
    }

    /// The stages of `run`, whose warnings it gathers.
    private func runStages(catalogPath: String?, cancellation: CancellationToken,
                           events: @escaping @Sendable (ProcessEvent) -> Void) throws -> ProcessSummary {
        var summary = ProcessSummary()
        let lock = try takeRunLock(catalogPath: catalogPath, cancellation: cancellation, events: events)
        defer { withExtendedLifetime(lock) {} }
        if cancellation.isCancelled {
            summary.cancelled = true
            return summary
        }
        events(.stageStarted(.index, total: 0))
        // Other shards may be writing beside this one, from other machines whose process ids mean nothing here.
        if options.shard != nil { TemporaryFiles.sweepOnlyStale() }
        let scratch = options.keepsCatalog ? nil : try ScratchCatalog()
        defer { scratch?.remove() }
        let catalog = try openCatalog(scratch: scratch, catalogPath: catalogPath, summary: &summary)
        var process = self
        try process.settle(catalog: scratch == nil ? catalog : nil, opened: catalog, catalogPath: catalogPath, events: events)
        return try process.runStages(catalog: catalog, summary: summary, catalogPath: catalogPath, cancellation: cancellation, events: events)
    }

    /// The stages after the catalog is open.
    private func runStages(catalog: Catalog, summary: ProcessSummary, catalogPath: String?, cancellation: CancellationToken,
                           events: @escaping @Sendable (ProcessEvent) -> Void) throws -> ProcessSummary {
        var summary = summary
        let generationBefore = try Self.generation(of: catalog)
        summary.index = try FolderIndexer(catalog: catalog, jobs: options.jobs, shard: options.shard).run(
            progress: { done, total in events(.advanced(.index, done: done, total: total)) },
            shouldStop: { cancellation.isCancelled })
        if let basemap = options.basemapPath {
            // The folder's own basemap is an input of the run, not a file passed over.
            summary.index.skipped.removeAll { AbsolutePath.normalized($0.path) == basemap }
        }
        for failure in summary.index.failures {
            events(.failed(path: failure.path, reason: failure.reason))
            summary.failures.append(ProcessFailure(path: failure.path, reason: failure.reason))
        }
        for warning in summary.index.warnings { warnings.add(path: warning.path, warning: warning.reason) }
        let out = options.resolvedOutputFolder(for: folder)
        try OutputRootClaim.claim(out, for: catalog, marks: options.keepsCatalog)
        let anchor = LinkFreeFolders.anchor(of: out, photoFolder: folder)
        for subfolder in ["thumbs", "days", "clips"] {
            try LinkFreeFolders.check(out + "/" + subfolder, below: anchor)
            try Folders.create(out + "/" + subfolder)
        }
        let runRecipe = ProcessRunStamp.recipe(options: options, out: AbsolutePath.of(out), skipped: summary.index.skipped)
        if try isUpToDate(catalog, recipe: runRecipe, out: out, summary: &summary) { return summary }
        var scope = try scope(catalog, recipe: runRecipe, generationBefore: generationBefore, out: out, index: summary.index)
        summary.scopedDays = scope?.fullDays.count
        // A re-run may write nothing into them: their crashed runs' temporaries go all the same.
        for written in [out, out + "/thumbs", out + "/days", out + "/clips"] { TemporaryFiles.sweepOnce(folder: written) }
        let recorder = SerialRecorder(LineageRecorder(catalog: catalog), folder: catalog.folder)
        if let shard = options.shard {
            // Its days' outputs and pages; other shards' outputs are not strays, and what spans days is the merge's.
            try runShardDays(shard, catalog: catalog, out: out, anchor: anchor, recorder: recorder,
                             cancellation: cancellation, events: events, summary: &summary)
            return summary
        }

        var batches = try ProcessBatches(catalog: catalog, scope: scope, limit: options.batchItems)
        guard var made = try makeOutputs(catalog: catalog, batches: batches, scope: scope, out: out, recorder: recorder,
                                         cancellation: cancellation, events: events, summary: &summary) else {
            return summary
        }
        // With every fingerprint made, the groups: where they changed, copies fold into their
        // best and sheets show one of a group, so those days are planned again (their
        // thumbnails are made; only what the groups change is).
        let regrouped = try regroupSimilar(catalog: catalog)
        if !regrouped.isEmpty {
            do {
                scope = try scope?.widened(by: regrouped, catalog: catalog, out: out, hiddenPlaces: options.hiddenPlaces)
            } catch {
                throw CatalogError(error, catalog: catalog)
            }
            summary.scopedDays = scope?.fullDays.count
            batches = try ProcessBatches(catalog: catalog, scope: scope, limit: options.batchItems)
            guard let again = try makeOutputs(catalog: catalog, batches: batches, scope: scope, out: out, recorder: recorder,
                                              cancellation: cancellation, events: events, summary: &summary,
                                              after: made) else {
                return summary
            }
            made = again
        }
        try noteWarnings(in: catalog)
        let plan = made.plan
        summary.videos = plan.photos.filter { $0.record.isVideo }.count
        summary.photos = plan.photos.count - summary.videos
        summary.livePhotos = plan.photos.filter { $0.liveVideo != nil }.count
        summary.bursts = plan.photos.filter { !$0.burstFrames.isEmpty }.count
        if !batches.isWhole { try countItems(catalog, into: &summary) }

        let removed = try scope.map { scope in
            do { return try scope.sweep(catalog: catalog, expected: made.expected, out: out) } catch {
                throw CatalogError(error, catalog: catalog)
            }
        } ?? OutputSweep.removeAllBut(expected: made.expected, recordedClips: try recordedClips(catalog, out: out), in: out)
        try catalog.forgetOutputs(paths: removed.map { AbsolutePath.of(out + "/" + $0) })
        summary.removed = removed.count

        try writeGallery(catalog: catalog, batches: batches, scope: scope, made: made, out: out, anchor: anchor,
                         recorder: recorder, events: events, summary: &summary)
        if summary.failed == 0 && summary.failures.isEmpty && options.keepsCatalog {
            try record(catalog, recipe: runRecipe, out: out, summary: summary)
        }
        return summary
    }
}
