import Catalog
import Imaging

/// What the output stage leaves for the gallery stage.
struct MadeOutputs {
    /// The last batch's plan and ledger: the whole library's when it was one batch.
    var plan: ProcessPlan
    var ledger: OutputLedger
    /// Photos this run could not read, absolute path → why.
    var unreadable: [String: String] = [:]
    /// Outputs not made, absolute path → why.
    var notMade: [String: String] = [:]
    /// Every output path the plans expect (the sweep keeps these).
    var expected = Set<String>()
}

extension FolderProcess {
    /// The plans of thumbs, fourcut --per-day and the day animations, run by the one
    /// executor against the catalog's record of what is made, a batch of days at a time
    /// (`ProcessBatches`). A photo that fails to decode is left out of its day's sheet
    /// and animation: they are planned again from the others and made in another pass,
    /// which decodes only what they need; an output that failed in a pass is not tried
    /// again in the next. Each failure is reported and counted once, and each file made
    /// once however many passes made it. Returns nil when the run was cancelled.
    /// - Parameter earlier: what an earlier round of this run left (`regroupSimilar`): the photos
    ///   it could not read and the outputs it could not make are not tried, or told, again.
    func makeOutputs(catalog: Catalog, batches: ProcessBatches, scope: ProcessScope?, out: String,
                     recorder: SerialRecorder, cancellation: CancellationToken,
                     events: @escaping @Sendable (ProcessEvent) -> Void,
                     summary: inout ProcessSummary, after earlier: MadeOutputs? = nil) throws -> MadeOutputs? {
        var made: MadeOutputs?
        var unreadable = earlier?.unreadable ?? [:]
        var notMade = earlier?.notMade ?? [:]
        var expected = Set<String>()
        // Every path reported failed this run (a photo, an output): told and counted once.
        let reportedFailures = Locked<Set<String>>([])
        let events: @Sendable (ProcessEvent) -> Void = { event in
            if case .failed(let path, _, _) = event, !reportedFailures.withLock({ $0.insert(path).inserted }) { return }
            events(event)
        }
        // A thumbnail is its photo's alone: a later pass finds it made. A day's sheet
        // and animation, and a clip, may be made again: counted by path.
        let countedByPath: Set<OutputKind> = [.fourcut, .animation, .clip]
        var madePaths: [OutputKind: Set<String>] = [:]
        let fingerprints: FingerprintOutputs?
        do {
            fingerprints = options.findsSimilar
                ? FingerprintOutputs(current: try catalog.fingerprintedPhotoIDs(recipe: PhotoFingerprint.recipe)) : nil
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
        defer {
            // Counted once however many rounds (`regroupSimilar`) made them.
            for (kind, paths) in madePaths { summary.madeByPath[kind, default: []].formUnion(paths) }
            summary.fourCutsMade = summary.madeByPath[.fourcut]?.count ?? 0
            summary.animationsMade = summary.madeByPath[.animation]?.count ?? 0
            summary.clipsMade = summary.madeByPath[.clip]?.count ?? 0
            summary.failed += reportedFailures.withLock { $0.count }
        }
        if let fingerprints {
            summary.fingerprinted += try fingerprintBursts(catalog: catalog, batches: batches, fingerprints: fingerprints,
                                                           out: out, cancellation: cancellation, events: events)
        }
        // With --force, every catalogued file is an input the guard never lets an output replace,
        // items or not (a burst's other frames, folded copies).
        let inputs: InputIdentities
        do {
            inputs = options.force ? InputIdentities(paths: try catalog.presentPaths().map { folder + "/" + $0 }) : InputIdentities([])
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
        for batch in batches.batches {
            var pass = 0
            // Outputs that failed in this batch's passes: not tried again.
            var batchNotMade = earlier?.notMade ?? [:]
            while true {
                pass += 1
                let records = try batch.records(catalog)
                    .filter { !$0.isMissing && $0.error == nil && unreadable[folder + "/" + $0.path] == nil }
                let plan = ProcessPlan(records: records, liveVideos: try catalog.livePhotoVideos(),
                                       burstFrames: try catalog.burstFrames(), similar: try SimilarLinks.read(catalog), sharedStems: batches.sharedStems,
                                       folder: folder, options: options)
                let outputs = plan.outputs(options: options, out: out, folder: folder,
                                           encoderBytes: pipeline.configuration.memory.encoderBytes, fingerprints: fingerprints)
                    .filter { batchNotMade[$0.path] == nil }
                let ledger: OutputLedger
                do {
                    ledger = OutputLedger(try batches.isWhole ? catalog.ledger()
                        : catalog.ledger(paths: outputs.map(\.path) + plan.photos.map { AbsolutePath.of(out) + "/" + $0.page },
                                         keys: outputs.compactMap(\.key), pagesBelow: AbsolutePath.of(out)))
                } catch {
                    throw CatalogError(error, catalog: catalog)
                }
                var executor = PlanExecutor(pipeline: pipeline, jobs: options.jobs, force: options.force,
                                            photos: inputs,
                                            cancellation: cancellation, reportRoot: AbsolutePath.of(out))
                // The last pass allowed reports what is still short of photos.
                executor.defersShortOutputs = pass < Self.passes
                executor.keepsPathsOf = countedByPath
                let failures = Locked<[PlanExecutor.Failure]>([])
                let run = executor.run(outputs, ledger: ledger, record: recorder.record,
                                       failures: { failure in failures.withLock { $0.append(failure) } },
                                       events: { events(ProcessEvent($0)) })
                try recorder.check()
                if let fingerprints {
                    let kept = fingerprints.drain()
                    try catalog.storeFingerprints(kept, recipe: PhotoFingerprint.recipe)
                    summary.fingerprinted += kept.count
                }
                summary.add(run)
                summary.thumbnailsMade += run.made[.thumbnail, default: 0]
                for (kind, paths) in run.madePaths { madePaths[kind, default: []].formUnion(paths) }
                if summary.cancelled { return nil }
                made = MadeOutputs(plan: plan, ledger: ledger)

                var newlyUnreadable = 0
                for failure in failures.withLock({ $0 }) {
                    let reason = failure.reason
                    switch failure {
                    case .photo:
                        guard unreadable[failure.path] == nil else { continue }
                        unreadable[failure.path] = reason
                        newlyUnreadable += 1
                        summary.failures.append(ProcessFailure(path: failure.path, reason: reason))
                        try markIfUnreadable(failure, plan: plan, catalog: catalog)
                    case .missingPhotos where executor.defersShortOutputs:
                        continue
                    case .output, .missingPhotos:
                        if batchNotMade.updateValue(reason, forKey: failure.path) == nil {
                            summary.failures.append(ProcessFailure(path: failure.path, reason: reason))
                        }
                    }
                }
                if newlyUnreadable == 0 || pass == Self.passes {
                    expected.formUnion(plan.expectedOutputs)
                    notMade.merge(batchNotMade) { $1 }
                    break
                }
            }
        }
        made!.unreadable = unreadable
        made!.notMade = notMade
        made!.expected = expected
        return made
    }

    /// Passes over the plan at most: the second makes the days whose photos
    /// failed in the first; a third, those whose replacements failed too.
    static let passes = 3
}

extension ProcessSummary {
    /// Adds what one executor run reused and decoded (what it made and
    /// failed is counted by path over the passes: `makeOutputs`).
    mutating func add(_ run: PlanExecutor.Summary) {
        reused += run.reused
        decoded += run.decoded
        cancelled = run.cancelled
    }
}
