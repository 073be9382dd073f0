import Catalog
import Imaging

/// Thumbnails of many photos, in parallel: what `filmroll thumbs` does.
///
/// Each photo is decoded once, shrinking on load, for all the sizes it
/// lacks; thumbnails are kept in a store on disk (`ThumbnailPlan.Store`) so
/// that a re-run makes only what changed, and written to the output folder
/// when there is one, never over a photo. With a `LineageRecorder`, every
/// thumbnail is recorded with its photo in the catalog of the folder it
/// was found in, and thumbnails that catalog knows are not made again.
///
/// ```swift
/// let (files, _, _) = InputWalker.expand(["/photos"])
/// let summary = try ThumbnailBatch(plan: ThumbnailPlan(sizes: [256, 1024], outputFolder: "/thumbs")).run(files)
/// ```
public struct ThumbnailBatch {
    public var plan: ThumbnailPlan
    public var pipeline: ImagePipeline
    /// Photos worked on at once.
    public var jobs: Int
    /// Replace existing files Filmroll did not make (never an input).
    public var force: Bool
    /// Records thumbnails with their photos; nil: no catalog is read or written.
    public var lineage: LineageRecorder?
    /// Whether a thumbnail found already made has its header read for its
    /// pixel size (`ThumbnailOutput.dimensions`).
    public var readsCachedDimensions: Bool
    /// The environment that places the store of a read-only folder (`XDG_CACHE_HOME`, `HOME`).
    public var environment: [String: String]

    public init(plan: ThumbnailPlan, pipeline: ImagePipeline? = nil, jobs: Int = Parallel.processorCount,
                force: Bool = false, lineage: LineageRecorder? = nil, readsCachedDimensions: Bool = true,
                environment: [String: String] = ProcessEnvironment.current) {
        self.plan = plan
        self.pipeline = pipeline ?? ImagePipeline(configuration: Self.pipelineConfiguration())
        self.jobs = jobs
        self.force = force
        self.lineage = lineage
        self.readsCachedDimensions = readsCachedDimensions
        self.environment = environment
    }

    /// A pipeline configuration for batches: a small memory cache (the
    /// store on disk is the cache that matters), within the run's memory budget.
    public static func pipelineConfiguration(limits: DecodeLimits = .default,
                                             memory: MemoryBudget = MemoryBudget()) -> ImagePipeline.Configuration {
        var configuration = ImagePipeline.Configuration()
        configuration.memoryCostLimit = 32 << 20
        configuration.memory = memory
        configuration.limits = limits
        return configuration
    }

    /// Makes the thumbnails of `files`; a photo that fails is told and
    /// skipped. Stops between photos once `cancellation` is cancelled.
    /// - Parameter events: told of every output, failure and finished
    ///   photo, from the threads the work runs on.
    /// - Throws: `CatalogError` when a catalog of the photos' folders exists
    ///   but cannot be used; nothing is made then.
    public func run(_ files: [InputFile], cancellation: CancellationToken = CancellationToken(),
                    events: @escaping @Sendable (ThumbnailEvent) -> Void = { _ in }) throws(CatalogError) -> ThumbnailSummary {
        let roots = Set(files.map(\.root))
        try lineage?.open(folders: roots)
        // Another catalog's folder is refused whole: its thumbnails are not this run's to replace.
        if let out = plan.outputFolder, !files.isEmpty, let refusal = lineage?.markOutputFolder(out) {
            events(.failed(path: out, output: nil, reason: refusal.description))
            var refused = ThumbnailSummary()
            refused.failed = files.count
            refused.location = out
            return refused
        }
        var plan = plan
        let stores = StoreLocations.resolve(roots: roots, store: plan.store, environment: environment)
        for note in stores.notes { events(.store(note)) }
        plan.storeFolders = stores.directories
        plan.sharedStems = ThumbnailPlan.sharedStems(of: files)

        let outputGuard = OutputGuard(mark: .thumbnail, force: force, inputs: InputIdentities(files), catalogPath: lineage?.catalogPath)
        let maker = ThumbnailMaker(
            plan: plan, writer: OutputWriter(outputGuard: outputGuard, confinedTo: plan.outputFolder),
            ledger: lineage?.ledger(of: .thumbnail) ?? OutputLedger(),
            photoHashes: Dictionary(uniqueKeysWithValues: roots.compactMap { root in
                lineage?.photoHashes(inFolder: root).map { (root, $0) }
            }),
            readsCachedDimensions: readsCachedDimensions)
        let collected = Locked(ThumbnailSummary())
        let tell: @Sendable (ThumbnailEvent) -> Void = { event in
            collected.withLock { $0.add(event) }
            events(event)
        }
        // The plan: each photo's thumbnails found made are told; the rest is one output per photo.
        let planned = Parallel.map(files, jobs: jobs, shouldStop: { cancellation.isCancelled }) { file -> PlannedOutput? in
            guard let output = maker.plan(file, events: tell) else {
                tell(.finished(file))
                return nil
            }
            return output
        }
        var outputs: [PlannedOutput] = [], photos: [String: InputFile] = [:]
        for (file, output) in zip(files, planned) {
            guard let output = output ?? nil else { continue }
            outputs.append(output)
            photos[output.path] = file
        }
        let byPath = photos, format = plan.format
        // The one executor makes them: each photo decoded once for all its sizes, on --jobs workers.
        let executor = PlanExecutor(pipeline: pipeline, jobs: jobs, force: force, photos: InputIdentities(files),
                                    cancellation: cancellation, catalogPath: lineage?.catalogPath)
        _ = executor.run(outputs, ledger: OutputLedger(), record: { _ in }, failures: { failure in
            guard let file = byPath[failure.path] else { return }
            switch failure {
            case .photo(_, let error): maker.fail(file, output: nil, error, events: tell)
            case .output(_, let failed as ThumbnailMaker.OutputFailure): maker.fail(file, output: failed.output, failed.error, events: tell)
            case .output(_, let error as ImagingError): maker.fail(file, output: nil, error, events: tell)
            case .output, .missingPhotos: maker.fail(file, output: nil, .encodingFailed(format, failure.reason), events: tell)
            }
            tell(.finished(file))
        }, events: { event in
            guard case .made(_, let path) = event, let file = byPath[path] else { return }
            tell(.finished(file))
        })

        var summary = collected.withLock { $0 }
        if plan.store != .none {
            for store in maker.storesUsed { store.evict(toFit: plan.storeLimit) }
        }
        summary.location = plan.outputFolder ?? maker.storeLocation
        summary.recordingErrors = record(summary.outputs, plan: plan)
        summary.cancelled = cancellation.isCancelled
        return summary
    }

    /// Records every thumbnail that is somewhere with its photo, in the
    /// catalog of the folder it was found in; returns the catalogs' errors.
    private func record(_ outputs: [ThumbnailOutput], plan: ThumbnailPlan) -> [CatalogError] {
        guard let lineage else { return [] }
        var errors: [CatalogError] = []
        let byRoot = Dictionary(grouping: outputs.filter { $0.path != nil }, by: \.file.root)
        for root in byRoot.keys.sorted() {
            let entries = byRoot[root]!.map { output in
                LineageOutput(kind: .thumbnail, path: output.path!, root: plan.outputFolder ?? plan.storeFolders[output.file.root],
                              key: output.key,
                              parameters: plan.lineageParameters(size: output.size),
                              photos: [.relativePath(output.file.relativePath)])
            }
            do throws(CatalogError) {
                try lineage.record(entries, inFolder: root)
            } catch {
                errors.append(error)
            }
        }
        return errors
    }
}
