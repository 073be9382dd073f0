import Catalog
import Files
import Imaging

extension FolderProcess {
    /// Writes the gallery. Pages are outputs like the others: recorded with their
    /// recipe's key, judged current by it. A batched library's gallery is written a
    /// unit at a time (`GalleryUnit`): each batch's days in full and the others as
    /// their count and cover, then each month's "On this day" pages, then what is
    /// gone removed.
    func writeGallery(catalog: Catalog, batches: ProcessBatches, scope: ProcessScope?, made: MadeOutputs,
                      out: String, anchor: String, recorder: SerialRecorder,
                      events: @escaping @Sendable (ProcessEvent) -> Void, summary: inout ProcessSummary) throws {
        let root = AbsolutePath.of(out)
        let batched = batches.batches.count > 1
        events(.stageStarted(.gallery, total: batched ? batches.batches.count : made.plan.days.count))
        let problems = try galleryProblems(unreadable: made.unreadable, notMade: made.notMade,
                                           skipped: summary.index.skipped, catalog: catalog, out: out)
        summary.unreadable = problems.filter { $0.kind == .unreadable }.count
        let undated = try undatedGalleryPhotos(catalog: catalog, plan: made.plan, whole: !batched && scope == nil,
                                               sharedStems: batches.sharedStems, out: out, notMade: Set(made.notMade.keys)) {
            copyOriginals(of: $0, out: out, anchor: anchor, events: events, summary: &summary)
        }
        let similar = try similarGalleryGroups(catalog: catalog, sharedStems: batches.sharedStems, out: out)
        // Their pages, which a batch's or a scope's ledger does not hold.
        let undatedPages = batches.isWhole ? [] : undated.compactMap { $0.page.map { root + "/" + $0 } }
        let units: [GalleryUnit] = batched
            ? batches.batches.map { .days($0) } + (1...12).map { .onThisDay(month: $0) } : [.whole]
        for unit in units {
            let part = unit == .whole
                ? GalleryPart(scope: scope, plan: made.plan, ledger: try ledger(made.ledger, adding: undatedPages, catalog: catalog))
                : try galleryPart(unit, catalog: catalog, batches: batches, unreadable: made.unreadable,
                                  undatedPages: undatedPages, root: root)
            var dated = part.plan
            dated.photos.removeAll(where: \.record.isUndated)
            let copiedOriginals = copyOriginals(of: dated, out: out, anchor: anchor, events: events, summary: &summary)
            var days = part.plan.galleryDays(options: options, out: out, folder: folder, notMade: Set(made.notMade.keys),
                                             copiedOriginals: copiedOriginals)
            var galleryScope: GalleryScope?
            if let unitScope = part.scope {
                do {
                    days += try unitScope.summaryDays(catalog: catalog, liveVideos: try catalog.livePhotoVideos(),
                                                      burstFrames: try catalog.burstFrames(), similar: try SimilarLinks.read(catalog),
                                                      folder: folder, out: out, options: options)
                    galleryScope = try part.onThisDay ?? unitScope.galleryScope(catalog: catalog, folder: folder,
                                                                                options: options)
                } catch {
                    throw CatalogError(error, catalog: catalog)
                }
            }
            try writePages(days: days, problems: problems, undated: undated, similar: similar, scope: galleryScope, ledger: part.ledger, catalog: catalog, out: out,
                           recorder: recorder, events: events, summary: &summary)
        }
        if batched {
            let removed = try removeStalePages(catalog: catalog, sharedStems: batches.sharedStems ?? [], out: out)
            try catalog.forgetOutputs(paths: removed.map { root + "/" + $0 })
        }
        reportBasemapTrouble(events: events)
        reportShorelineTrouble(events: events)
        summary.galleryPath = out + "/index.html"
    }

    /// What one unit of a batched gallery is written from.
    struct GalleryPart {
        /// Its days in full, the others as summaries.
        var scope: ProcessScope?
        var plan: ProcessPlan
        var ledger: OutputLedger
        /// For a month's "On this day" pages: those pages only.
        var onThisDay: GalleryScope?
    }

    /// Writes the pages of `days` (and `problems`) within `scope`, records
    /// those the catalog did not already hold with their key (made, or found
    /// with the same text), forgets those removed and reports those refused.
    func writePages(days: [GalleryDay], problems: [GalleryProblem] = [], undated: [GalleryPhoto] = [],
                    similar: [GallerySimilarGroup] = [], scope: GalleryScope?, ledger: OutputLedger,
                    catalog: Catalog, out: String, recorder: SerialRecorder,
                    events: @escaping @Sendable (ProcessEvent) -> Void, summary: inout ProcessSummary) throws {
        let root = AbsolutePath.of(out)
        var current = Set<String>()
        let pages = try GalleryWriter.write(days: days, problems: problems, undated: undated, similar: similar,
                                            options: options.gallery, to: out,
                                            fileGuard: options.galleryFileGuard(for: folder), scope: scope,
                                            jobs: options.jobs) { path, key in
            guard ledger.isCurrent(path: root + "/" + path, key: key) else { return false }
            current.insert(path)
            return true
        }
        let written = pages.keys.sorted { $0.key < $1.key }.filter { !current.contains($0.key) }
        recorder.record(written.map { LineageOutput(kind: .page, path: root + "/" + $0.key, root: root, key: $0.value,
                                                    parameters: "{}", photos: []) })
        try recorder.check()
        try catalog.forgetOutputs(paths: pages.removedFiles.map { root + "/" + $0 })
        for refusal in pages.refusedFiles { events(.failed(path: out + "/" + refusal.path, reason: refusal.reason)) }
        summary.failed += pages.refused
        summary.pagesWritten += pages.written
    }

    /// A batch's days, or the days of one month in every year (for its "On this day"
    /// pages), planned from the catalog with the ledger of their pages.
    private func galleryPart(_ unit: GalleryUnit, catalog: Catalog, batches: ProcessBatches,
                             unreadable: [String: String], undatedPages: [String], root: String) throws -> GalleryPart {
        do {
            let around: ProcessScope
            var onThisDay: GalleryScope?
            switch unit {
            case .days(let batch):
                around = ProcessScope.around(days: batch.days ?? [], undated: batch.paths, itemDays: batches.itemDays,
                                             sharedStems: batches.sharedStems ?? [], sameDates: false)
            case .onThisDay(let month):
                let days = batches.itemDays.map(\.day).filter { Int($0.dropFirst(5).prefix(2)) == month }
                around = ProcessScope.around(days: [], undated: [], itemDays: batches.itemDays,
                                             sharedStems: batches.sharedStems ?? [], sameDates: false)
                    .with(fullDays: Set(days))
                onThisDay = GalleryScope(days: [], monthDays: Set((1...31).map { month * 100 + $0 }))
            case .whole:
                preconditionFailure("the whole gallery is written from the output stage's plan")
            }
            let records = try catalog.items(inDays: around.fullDays, paths: around.undated)
                .filter { !$0.isMissing && $0.error == nil && unreadable[folder + "/" + $0.path] == nil }
            let plan = ProcessPlan(records: records, liveVideos: try catalog.livePhotoVideos(),
                                   burstFrames: try catalog.burstFrames(), similar: try SimilarLinks.read(catalog), sharedStems: batches.sharedStems,
                                   folder: folder, options: options)
            let ledger = OutputLedger(try catalog.ledger(paths: plan.photos.map { root + "/" + $0.page } + undatedPages, keys: [],
                                                         pagesBelow: root))
            return GalleryPart(scope: around, plan: plan, ledger: ledger, onThisDay: onThisDay)
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }

    /// `ledger` with the recorded outputs at `paths` (absolute) too.
    private func ledger(_ ledger: OutputLedger, adding paths: [String], catalog: Catalog) throws -> OutputLedger {
        guard !paths.isEmpty else { return ledger }
        do {
            return ledger.adding(try catalog.ledger(paths: paths))
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }

    /// With `--originals copy`, copies the plan's photos beside the gallery; returns those copied.
    func copyOriginals(of plan: ProcessPlan, out: String, anchor: String,
                               events: @escaping @Sendable (ProcessEvent) -> Void,
                               summary: inout ProcessSummary) -> Set<String> {
        guard options.originals == .copy else { return [] }
        let copies = OriginalCopies(out: out, anchor: anchor, force: options.force, limits: options.limits)
        var refused: [ProcessFailure] = []
        // A photo taken in a hidden place is not copied (its metadata holds the position): its page links the original.
        let (count, current) = copies.copy(plan.photos.filter { !$0.hidesPosition }) { event in
            if case let .failed(path, reason, _) = event { refused.append(ProcessFailure(path: path, reason: reason)) }
            events(event)
        }
        summary.originalsCopied += count
        summary.failed += refused.count
        summary.failures += refused
        return current
    }
}
