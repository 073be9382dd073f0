/// `filmroll process`: everything Filmroll makes of a photo folder, in one
/// run: the catalog, 256 and 1024 px thumbnails, a four-cut sheet for every
/// day with four photos, an animation for every day with two, and a static
/// gallery over them.
///
/// Each photo is decoded once for all its outputs: its thumbnails, its
/// sheet cell and its animation frame are sizes of one decode (the sheet
/// takes its cells from the pipeline's memory cache). A re-run does only
/// what changed: thumbnails older than their photo, days whose photos
/// changed, pages whose text changed; outputs of photos that are gone go.
public struct FolderProcess: Sendable {
    public let folder: String
    public let options: ProcessOptions
    public let pipeline: ImagePipeline

    public init(folder: String, options: ProcessOptions = ProcessOptions(), pipeline: ImagePipeline? = nil) {
        self.folder = folder
        self.options = options
        var configuration = ImagePipeline.Configuration()
        configuration.limits = options.limits
        // A quarter for the cache: the sheets take their cells from it, after
        // every photo's thumbnails (256 MB before there was a budget).
        configuration.memory = MemoryBudget(bytes: options.memoryBytes, cacheBytes: options.memoryBytes / 4)
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
        let scratch = options.keepsCatalog ? nil : try ScratchCatalog()
        defer { scratch?.remove() }
        let catalog = try Catalog(folder: folder, path: scratch?.path ?? catalogPath, access: .create)
        summary.index = try FolderIndexer(catalog: catalog, jobs: options.jobs).run(
            progress: { done, total in events(.advanced(.index, done: done, total: total)) },
            shouldStop: { cancellation.isCancelled })
        let records = try catalog.photos(matching: PhotoQuery()).filter { !$0.isMissing && $0.error == nil }
        let out = options.resolvedOutputFolder(for: folder)
        let anchor = LinkFreeFolders.anchor(of: out, photoFolder: folder)
        for subfolder in ["thumbs", "days"] {
            try LinkFreeFolders.check(out + "/" + subfolder, below: anchor)
            try Folders.create(out + "/" + subfolder)
        }
        // A re-run may write nothing into them: their crashed runs' temporaries go all the same.
        for written in [out, out + "/thumbs", out + "/days"] { TemporaryFiles.sweepOnce(folder: written) }
        let plan = ProcessPlan(records: records, folder: folder, options: options)
        summary.photos = plan.photos.count

        var state = OutputState(folder: out)
        let lineage = LineageRecorder(catalog: catalog)
        let work = PhotoWork(process: self, out: out, photos: options.force ? InputIdentities(paths: plan.photos.map(\.source.path)) : nil,
                             cancellation: cancellation, events: events)
        let groups = plan.days.map { Optional($0) } + [nil]   // nil: the photos without a date
        let dated = Set(plan.days.flatMap { $0.photos.map(\.record.path) })
        let undated = plan.photos.filter { !dated.contains($0.record.path) }
        events(.stageStarted(.photos, total: plan.photos.count))
        var done = 0
        // A day's sheet and animation are made in the background while the
        // next day's photos decode; what they made is recorded before the
        // next one starts.
        var finishing: BackgroundWork<PhotoWork.FinishedDay>?
        func collectFinished() throws {
            guard let finished = finishing?.result() else { return }
            finishing = nil
            summary.fourCutsMade += finished.fourCutsMade
            summary.animationsMade += finished.animationsMade
            summary.failed += finished.failed
            for (output, signature) in finished.signatures { state[output] = signature }
            try lineage.record(finished.made, inFolder: catalog.folder)
            try state.save()
        }
        for day in groups {
            let photos = day?.photos ?? undated
            let decoded = work.decode(day, photos: photos, state: state)
            summary.thumbnailsMade += decoded.thumbnailsMade
            summary.failed += decoded.failed
            try lineage.record(decoded.made, inFolder: catalog.folder)
            try collectFinished()
            if cancellation.isCancelled { summary.cancelled = true; break }
            finishing = BackgroundWork { work.finish(decoded) }
            done += photos.count
            events(.advanced(.photos, done: done, total: plan.photos.count))
        }
        try collectFinished()
        summary.decoded = pipeline.decodeCount
        if summary.cancelled { return summary }

        let removed = OutputSweep.removeAllBut(expected: plan.expectedOutputs, in: out, state: &state)
        try catalog.forgetOutputs(paths: removed.map { AbsolutePath.of(out + "/" + $0) })
        summary.removed = removed.count
        try state.save()

        events(.stageStarted(.gallery, total: plan.days.count))
        let pages = try GalleryWriter.write(days: plan.galleryDays(options: options), options: options.gallery, to: out,
                                            fileGuard: options.galleryFileGuard)
        for refusal in pages.refusedFiles { events(.failed(path: out + "/" + refusal.path, reason: refusal.reason)) }
        summary.failed += pages.refused
        summary.pagesWritten = pages.written
        summary.galleryPath = out + "/index.html"
        return summary
    }
}
