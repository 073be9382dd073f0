/// `filmroll process`: everything Filmroll makes of a photo folder, in one
/// run: the catalog, 256 and 1024 px thumbnails, a four-cut sheet for every
/// day with four photos, an animation for every day with two, and a static
/// gallery over them.
///
/// `process` builds no output of its own: it runs the plans of `thumbs`
/// (256 and 1024 px), `fourcut --per-day` and the day animations through
/// the `PlanExecutor`, which decodes each photo once for all of them and
/// judges what is up to date by the catalog's outputs table (recipe keys).
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
    public let options: ProcessOptions
    public let pipeline: ImagePipeline

    public init(folder: String, options: ProcessOptions = ProcessOptions(), pipeline: ImagePipeline? = nil) {
        self.folder = folder
        self.options = options
        var configuration = ImagePipeline.Configuration()
        configuration.limits = options.limits
        // No cache: the executor groups every size a photo is needed at into one decode.
        configuration.memory = MemoryBudget(bytes: options.memoryBytes, cacheBytes: 0)
        self.pipeline = pipeline ?? ImagePipeline(configuration: configuration)
    }

    /// Runs every stage; a photo or day that fails is reported and skipped.
    /// The catalog is `catalogPath` (default the folder's), or one made for
    /// the run when `options.keepsCatalog` is false.
    /// - Throws: `CatalogError` when the catalog cannot be opened or
    ///   written, `ImagingError` when the output folder cannot be made.
    public func run(catalogPath: String? = nil, cancellation: CancellationToken = CancellationToken(),
                    events: @escaping @Sendable (ProcessEvent) -> Void = { _ in }) throws -> ProcessSummary {
        var summary = ProcessSummary()
        events(.stageStarted(.index, total: 0))
        // Other shards may be writing beside this one, from other machines whose process ids mean nothing here.
        if options.shard != nil { TemporaryFiles.sweepOnlyStale() }
        let scratch = options.keepsCatalog ? nil : try ScratchCatalog()
        defer { scratch?.remove() }
        let catalog = try openCatalog(scratch: scratch, catalogPath: catalogPath, summary: &summary)
        let generationBefore = try Self.generation(of: catalog)
        summary.index = try FolderIndexer(catalog: catalog, jobs: options.jobs, shard: options.shard).run(
            progress: { done, total in events(.advanced(.index, done: done, total: total)) },
            shouldStop: { cancellation.isCancelled })
        for failure in summary.index.failures {
            events(.failed(path: failure.path, reason: failure.reason))
            summary.failures.append(ProcessFailure(path: failure.path, reason: failure.reason))
        }
        let out = options.resolvedOutputFolder(for: folder)
        let anchor = LinkFreeFolders.anchor(of: out, photoFolder: folder)
        for subfolder in ["thumbs", "days", "clips"] {
            try LinkFreeFolders.check(out + "/" + subfolder, below: anchor)
            try Folders.create(out + "/" + subfolder)
        }
        let runRecipe = ProcessRunStamp.recipe(options: options, out: AbsolutePath.of(out), skipped: summary.index.skipped)
        if try isUpToDate(catalog, recipe: runRecipe, out: out, summary: &summary) { return summary }
        let scope = try scope(catalog, recipe: runRecipe, generationBefore: generationBefore, out: out, index: summary.index)
        summary.scopedDays = scope?.fullDays.count
        // A re-run may write nothing into them: their crashed runs' temporaries go all the same.
        for written in [out, out + "/thumbs", out + "/days", out + "/clips"] { TemporaryFiles.sweepOnce(folder: written) }
        let recorder = SerialRecorder(LineageRecorder(catalog: catalog), folder: catalog.folder)

        // The plans of thumbs, fourcut --per-day and the day animations, run
        // by the one executor against the catalog's record of what is made.
        // A photo that fails to decode is left out of its day's sheet and
        // animation: they are planned again from the others and made in a
        // second pass (which decodes only what they need).
        // A library larger than a batch is planned and made a batch of days at a time, so
        // that its plan, outputs and ledger are never all held at once (`ProcessBatches`).
        var unreadable: [String: String] = [:]     // this run's, absolute path → why
        var plan: ProcessPlan!
        var ledger = OutputLedger()
        var notMade: [String: String] = [:]        // absolute output path → why
        var expected = Set<String>()
        let batches = try ProcessBatches(catalog: catalog, scope: scope, limit: options.batchItems)
        for batch in batches.batches {
            var pass = 0
            var batchNotMade: [String: String] = [:]
            while true {
                pass += 1
                let records = try batch.records(catalog)
                    .filter { !$0.isMissing && $0.error == nil && unreadable[folder + "/" + $0.path] == nil }
                plan = ProcessPlan(records: records, liveVideos: try catalog.livePhotoVideos(), burstFrames: try catalog.burstFrames(),
                                   sharedStems: batches.sharedStems, folder: folder, options: options)
                var outputs = plan.outputs(options: options, out: out, folder: folder,
                                           encoderBytes: pipeline.configuration.memory.encoderBytes)
                // A shard makes only its photos' own outputs; what spans days is the merge's.
                if options.shard != nil { outputs.removeAll { $0.label == "fourcut" || $0.label == "animation" } }
                do {
                    ledger = OutputLedger(try batches.isWhole ? catalog.ledger()
                        : catalog.ledger(paths: outputs.map(\.path) + plan.photos.map { AbsolutePath.of(out) + "/" + $0.page },
                                         keys: outputs.compactMap(\.key), pagesBelow: AbsolutePath.of(out)))
                } catch {
                    throw CatalogError(error, catalog: catalog)
                }
                if pass == 1 && options.shard == nil && scope == nil {
                    // (a folder processed before outputs had keys: a whole plan, or a batch of it)
                    summary.adopted = try LegacyProcessState.adopt(outputs, plan: plan, options: options, out: out,
                                                                    ledger: &ledger, catalog: catalog)
                }
                var executor = PlanExecutor(pipeline: pipeline, jobs: options.jobs, force: options.force,
                                            photos: options.force ? InputIdentities(paths: plan.photos.map(\.source.path)) : InputIdentities([]),
                                            cancellation: cancellation, reportRoot: AbsolutePath.of(out))
                // The last pass allowed reports what is still short of photos.
                executor.defersShortOutputs = pass < Self.passes
                let failures = Locked<[PlanExecutor.Failure]>([])
                let run = executor.run(outputs, ledger: ledger, record: recorder.record,
                                       failures: { failure in failures.withLock { $0.append(failure) } }, events: events)
                try recorder.check()
                summary.thumbnailsMade += run.made["thumbnail", default: 0]
                summary.fourCutsMade += run.made["fourcut", default: 0]
                summary.animationsMade += run.made["animation", default: 0]
                summary.clipsMade += run.made["clip", default: 0]
                summary.reused += run.reused
                summary.failed += run.failed
                summary.decoded += run.decoded
                summary.cancelled = run.cancelled
                if summary.cancelled { return summary }

                var newlyUnreadable = 0
                batchNotMade = [:]
                for failure in failures.withLock({ $0 }) {
                    let reason = (failure.error as? CustomStringConvertible)?.description ?? "\(failure.error)"
                    switch failure.subject {
                    case .photo:
                        guard unreadable[failure.path] == nil else { continue }
                        unreadable[failure.path] = reason
                        newlyUnreadable += 1
                        summary.failures.append(ProcessFailure(path: failure.path, reason: reason))
                        try markIfUnreadable(failure, plan: plan, catalog: catalog)
                    case .output:
                        if failure.error is PlanExecutor.MissingPhotos && executor.defersShortOutputs { continue }
                        batchNotMade[failure.path] = reason
                        summary.failures.append(ProcessFailure(path: failure.path, reason: reason))
                    }
                }
                if newlyUnreadable == 0 || pass == Self.passes { break }
            }
            expected.formUnion(plan.expectedOutputs)
            notMade.merge(batchNotMade) { $1 }
        }
        summary.videos = plan.photos.filter { $0.record.isVideo }.count
        summary.photos = plan.photos.count - summary.videos
        summary.livePhotos = plan.photos.filter { $0.liveVideo != nil }.count
        summary.bursts = plan.photos.filter { !$0.burstFrames.isEmpty }.count
        if !batches.isWhole { try countItems(catalog, into: &summary) }
        // Other shards' outputs are not strays, and the pages are the merge's.
        if options.shard != nil { return summary }

        let removed = try scope.map { scope in
            do { return try scope.sweep(catalog: catalog, expected: expected, out: out) } catch {
                throw CatalogError(error, catalog: catalog)
            }
        } ?? OutputSweep.removeAllBut(expected: expected, in: out)
        try catalog.forgetOutputs(paths: removed.map { AbsolutePath.of(out + "/" + $0) })
        summary.removed = removed.count

        // Pages are outputs like the others: recorded with their recipe's key, judged current by it.
        // A batched library's gallery is written a batch of days at a time too, each batch as a
        // scope (its days in full, the others as their count and cover), then what is gone removed.
        let root = AbsolutePath.of(out)
        events(.stageStarted(.gallery, total: batches.batches.count > 1 ? batches.batches.count : plan.days.count))
        let problems = try galleryProblems(unreadable: unreadable, notMade: notMade, skipped: summary.index.skipped,
                                           catalog: catalog, out: out)
        summary.unreadable = problems.filter { $0.kind == .unreadable }.count
        // Batched: each batch's days (their pages), then each month's "On this day" pages.
        let units: [GalleryUnit] = batches.batches.count > 1
            ? batches.batches.map { .days($0) } + (1...12).map { .onThisDay(month: $0) } : [.whole]
        for unit in units {
            var unitScope = scope
            var onThisDayScope: GalleryScope?
            if unit != .whole {
                do {
                    let around: ProcessScope
                    switch unit {
                    case .days(let batch):
                        around = ProcessScope.around(days: batch.days ?? [], undated: batch.paths, itemDays: batches.itemDays,
                                                     sharedStems: batches.sharedStems ?? [], sameDates: false)
                    case .onThisDay(let month):
                        let days = batches.itemDays.map(\.day).filter { Int($0.dropFirst(5).prefix(2)) == month }
                        around = ProcessScope.around(days: [], undated: [], itemDays: batches.itemDays,
                                                     sharedStems: batches.sharedStems ?? [], sameDates: false)
                            .with(fullDays: Set(days))
                        onThisDayScope = GalleryScope(days: [], monthDays: Set((1...31).map { month * 100 + $0 }))
                    case .whole:
                        preconditionFailure()
                    }
                    unitScope = around
                    let records = try catalog.items(inDays: around.fullDays, paths: around.undated)
                        .filter { !$0.isMissing && $0.error == nil && unreadable[folder + "/" + $0.path] == nil }
                    plan = ProcessPlan(records: records, liveVideos: try catalog.livePhotoVideos(),
                                       burstFrames: try catalog.burstFrames(), sharedStems: batches.sharedStems,
                                       folder: folder, options: options)
                    ledger = OutputLedger(try catalog.ledger(paths: plan.photos.map { root + "/" + $0.page }, keys: [],
                                                             pagesBelow: root))
                } catch {
                    throw CatalogError(error, catalog: catalog)
                }
            }
            var copiedOriginals = Set<String>()
            if options.originals == .copy {
                let copies = OriginalCopies(out: out, anchor: anchor, force: options.force, limits: options.limits)
                var refused: [ProcessFailure] = []
                let copied = copies.copy(plan.photos) { event in
                    if case let .failed(path, reason) = event { refused.append(ProcessFailure(path: path, reason: reason)) }
                    events(event)
                }
                summary.originalsCopied += copied.0
                copiedOriginals = copied.1
                summary.failed += refused.count
                summary.failures += refused
            }
            var days = plan.galleryDays(options: options, out: out, folder: folder, notMade: Set(notMade.keys),
                                        copiedOriginals: copiedOriginals)
            var galleryScope: GalleryScope?
            if let unitScope {
                do {
                    let liveVideos = try catalog.livePhotoVideos(), burstFrames = try catalog.burstFrames()
                    days += try unitScope.summaryDays(catalog: catalog, liveVideos: liveVideos, burstFrames: burstFrames,
                                                      folder: folder, out: out, options: options)
                    galleryScope = try onThisDayScope ?? unitScope.galleryScope(catalog: catalog, folder: folder,
                                                                                options: options)
                } catch {
                    throw CatalogError(error, catalog: catalog)
                }
            }
            var current = Set<String>()
            let pages = try GalleryWriter.write(days: days, problems: problems, options: options.gallery, to: out,
                                                fileGuard: options.galleryFileGuard, scope: galleryScope) { path, key in
                guard ledger.isCurrent(path: root + "/" + path, key: key) else { return false }
                current.insert(path)
                return true
            }
            // Those the catalog did not already hold with their key: made, or found with the same text.
            let made = pages.keys.sorted { $0.key < $1.key }.filter { !current.contains($0.key) }
            recorder.record(made.map { LineageOutput(kind: .page, path: root + "/" + $0.key, root: root, key: $0.value,
                                                     parameters: "{}", photos: []) })
            try recorder.check()
            try catalog.forgetOutputs(paths: pages.removedFiles.map { root + "/" + $0 })
            for refusal in pages.refusedFiles { events(.failed(path: out + "/" + refusal.path, reason: refusal.reason)) }
            summary.failed += pages.refused
            summary.pagesWritten += pages.written
        }
        if units.count > 1 {
            let removed = try removeStalePages(catalog: catalog, sharedStems: batches.sharedStems ?? [], out: out)
            try catalog.forgetOutputs(paths: removed.map { root + "/" + $0 })
        }
        summary.galleryPath = out + "/index.html"
        if summary.failed == 0 && summary.failures.isEmpty && options.keepsCatalog {
            try record(catalog, recipe: runRecipe, out: out, summary: summary)
        }
        return summary
    }

    /// Passes over the plan at most: the second makes the days whose photos
    /// failed in the first; a third, those whose replacements failed too.
    static let passes = 3
}
