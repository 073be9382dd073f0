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
    /// which decodes only what they need. Returns nil when the run was cancelled.
    func makeOutputs(catalog: Catalog, batches: ProcessBatches, scope: ProcessScope?, out: String,
                     recorder: SerialRecorder, cancellation: CancellationToken,
                     events: @escaping @Sendable (ProcessEvent) -> Void,
                     summary: inout ProcessSummary) throws -> MadeOutputs? {
        var made: MadeOutputs?
        var unreadable: [String: String] = [:]
        var notMade: [String: String] = [:]
        var expected = Set<String>()
        for batch in batches.batches {
            var pass = 0
            while true {
                pass += 1
                let records = try batch.records(catalog)
                    .filter { !$0.isMissing && $0.error == nil && unreadable[folder + "/" + $0.path] == nil }
                let plan = ProcessPlan(records: records, liveVideos: try catalog.livePhotoVideos(),
                                       burstFrames: try catalog.burstFrames(), sharedStems: batches.sharedStems,
                                       folder: folder, options: options)
                let outputs = plan.outputs(options: options, out: out, folder: folder,
                                           encoderBytes: pipeline.configuration.memory.encoderBytes)
                let ledger: OutputLedger
                do {
                    ledger = OutputLedger(try batches.isWhole ? catalog.ledger()
                        : catalog.ledger(paths: outputs.map(\.path) + plan.photos.map { AbsolutePath.of(out) + "/" + $0.page },
                                         keys: outputs.compactMap(\.key), pagesBelow: AbsolutePath.of(out)))
                } catch {
                    throw CatalogError(error, catalog: catalog)
                }
                var executor = PlanExecutor(pipeline: pipeline, jobs: options.jobs, force: options.force,
                                            photos: options.force ? InputIdentities(paths: plan.photos.map(\.source.path)) : InputIdentities([]),
                                            cancellation: cancellation, reportRoot: AbsolutePath.of(out))
                // The last pass allowed reports what is still short of photos.
                executor.defersShortOutputs = pass < Self.passes
                let failures = Locked<[PlanExecutor.Failure]>([])
                let run = executor.run(outputs, ledger: ledger, record: recorder.record,
                                       failures: { failure in failures.withLock { $0.append(failure) } },
                                       events: { events(ProcessEvent($0)) })
                try recorder.check()
                summary.add(run)
                if summary.cancelled { return nil }
                made = MadeOutputs(plan: plan, ledger: ledger)

                var newlyUnreadable = 0
                var batchNotMade: [String: String] = [:]
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
                        batchNotMade[failure.path] = reason
                        summary.failures.append(ProcessFailure(path: failure.path, reason: reason))
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
    /// Adds what one executor run made, reused, failed and decoded.
    mutating func add(_ run: PlanExecutor.Summary) {
        thumbnailsMade += run.made[.thumbnail, default: 0]
        fourCutsMade += run.made[.fourcut, default: 0]
        animationsMade += run.made[.animation, default: 0]
        clipsMade += run.made[.clip, default: 0]
        reused += run.reused
        failed += run.failed
        decoded += run.decoded
        cancelled = run.cancelled
    }
}
