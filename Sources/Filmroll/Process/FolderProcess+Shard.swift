import Catalog
import Files
import Imaging

extension FolderProcess {
    /// A shard's run after its index (`process --shard K/N`): everything of its
    /// own days, as one run makes it: their photos' thumbnails, previews and
    /// clips, the days' sheets and animations, the days' pages and maps and
    /// their photos' pages. Its catalog also holds every other photo, from its
    /// header (`FolderIndexer.shard`), so that a day page links the days before
    /// and after it and a photo page the photos before and after it as one run
    /// links them. What spans days (the index, years, months, "On this day",
    /// the library's map, problems, the Undated page and its photos' pages)
    /// is the merge's; so is any page of the
    /// shard's that another shard's failures change (the merge writes every
    /// page whose key is not the one recorded).
    func runShardDays(_ shard: Shard, catalog: Catalog, out: String, anchor: String, recorder: SerialRecorder,
                      cancellation: CancellationToken, events: @escaping @Sendable (ProcessEvent) -> Void,
                      summary: inout ProcessSummary) throws {
        let batches: ProcessBatches
        do {
            let itemDays = try catalog.itemDays()
            batches = ProcessBatches(days: itemDays.filter { shard.owns(day: $0.day, relativePath: "") },
                                     undated: try catalog.undatedItemPaths().filter { shard.contains(relativePath: $0) },
                                     itemDays: itemDays, sharedStems: ProcessPlan.sharedStems(try catalog.itemPaths()),
                                     limit: options.batchItems)
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
        guard let made = try makeOutputs(catalog: catalog, batches: batches, scope: nil, out: out, recorder: recorder,
                                         cancellation: cancellation, events: events, summary: &summary) else {
            return
        }
        try noteWarnings(in: catalog)
        let own = batches.itemDays.filter { shard.owns(day: $0.day, relativePath: "") }
        summary.videos = own.reduce(0) { $0 + $1.videos }
        summary.photos = own.reduce(0) { $0 + $1.items } - summary.videos + batches.batches[0].paths.count
        if batches.batches.count == 1 {
            summary.livePhotos = made.plan.photos.filter { $0.liveVideo != nil }.count
            summary.bursts = made.plan.photos.filter { !$0.burstFrames.isEmpty }.count
        }
        try writeShardPages(catalog: catalog, batches: batches, made: made, out: out, anchor: anchor, recorder: recorder,
                            events: events, summary: &summary)
    }

    /// The pages and maps of the shard's days and of their photos, a batch of
    /// days at a time, each planned with the days around it (`ProcessScope.around`)
    /// for the links to the days and photos before and after.
    private func writeShardPages(catalog: Catalog, batches: ProcessBatches, made: MadeOutputs, out: String, anchor: String,
                                 recorder: SerialRecorder, events: @escaping @Sendable (ProcessEvent) -> Void,
                                 summary: inout ProcessSummary) throws {
        let root = AbsolutePath.of(out)
        let sharedStems = batches.sharedStems ?? []
        events(.stageStarted(.gallery, total: batches.batches.count))
        for batch in batches.batches where !(batch.days ?? []).isEmpty {
            let around = ProcessScope.around(days: batch.days ?? [], undated: [], itemDays: batches.itemDays,
                                             sharedStems: sharedStems, sameDates: false)
            let plan: ProcessPlan, ledger: OutputLedger
            var scope: GalleryScope
            do {
                let records = try catalog.items(inDays: around.fullDays, paths: [])
                    .filter { !$0.isMissing && $0.error == nil && made.unreadable[folder + "/" + $0.path] == nil }
                plan = ProcessPlan(records: records, liveVideos: try catalog.livePhotoVideos(),
                                   burstFrames: try catalog.burstFrames(), similar: try SimilarLinks.read(catalog), sharedStems: sharedStems, folder: folder,
                                   options: options)
                ledger = OutputLedger(try catalog.ledger(paths: plan.photos.map { root + "/" + $0.page }, keys: [],
                                                         pagesBelow: root))
                scope = try around.galleryScope(catalog: catalog, folder: folder, options: options)
            } catch {
                throw CatalogError(error, catalog: catalog)
            }
            scope.onlyItsDays = true
            let copied = copyOwnOriginals(of: plan, days: batch.days ?? [], out: out, anchor: anchor, events: events,
                                          summary: &summary)
            var days = plan.galleryDays(options: options, out: out, folder: folder, notMade: Set(made.notMade.keys),
                                        copiedOriginals: copied)
            // The other days as summaries (their positions), so that a day page names its trip as one run names it.
            do {
                days += try around.summaryDays(catalog: catalog, liveVideos: try catalog.livePhotoVideos(),
                                               burstFrames: try catalog.burstFrames(), similar: try SimilarLinks.read(catalog), folder: folder, out: out, options: options)
            } catch {
                throw CatalogError(error, catalog: catalog)
            }
            try writePages(days: days, scope: scope, ledger: ledger, catalog: catalog, out: out, recorder: recorder,
                           events: events, summary: &summary)
        }
    }

    /// With `--originals copy`, the originals of the photos of `days` (not those of the days around them).
    private func copyOwnOriginals(of plan: ProcessPlan, days: Set<String>, out: String, anchor: String,
                                  events: @escaping @Sendable (ProcessEvent) -> Void,
                                  summary: inout ProcessSummary) -> Set<String> {
        guard options.originals == .copy else { return [] }
        var own = plan
        own.photos = plan.photos.filter { photo in photo.record.takenAt.map { days.contains(String($0.prefix(10))) } ?? false }
        return copyOriginals(of: own, out: out, anchor: anchor, events: events, summary: &summary)
    }
}
