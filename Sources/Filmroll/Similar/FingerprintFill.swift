import Catalog
import Files
import Imaging

/// Fingerprints the catalogued stills that have none yet (a folder only
/// indexed, or photos added since `process` last ran), each from a decode
/// at the thumbnail's size that the decoder makes small (a JPEG's DC
/// coefficients at an eighth, a RAW's embedded preview), through the one
/// executor; keeps them in the catalog as it goes.
public struct FingerprintFill: Sendable {
    /// What a fill did.
    public struct Summary: Sendable {
        public var fingerprinted: Int { photos.count }
        /// The rows fingerprinted.
        public var photos = Set<Int64>()
        /// Stills that could not be decoded (their paths absolute), and why.
        public var failures: [PlanExecutor.Failure] = []
        public var cancelled = false
    }

    public var pipeline: ImagePipeline
    public var jobs: Int
    /// The edge of the image fingerprinted: `process`'s thumbnail's.
    public var edge = ProcessOptions().thumbnailSize

    public init(pipeline: ImagePipeline = ImagePipeline(), jobs: Int = 2) {
        self.pipeline = pipeline
        self.jobs = jobs
    }

    /// - Parameter progress: stills done and to do.
    public func run(catalog: Catalog, cancellation: CancellationToken = CancellationToken(),
                    progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        let stills: [PhotoRecord]
        do { stills = try catalog.stillsWithoutFingerprint(recipe: PhotoFingerprint.recipe) } catch {
            throw CatalogError(error, catalog: catalog)
        }
        return try run(stills, catalog: catalog, cancellation: cancellation) { event in
            if case let .decoded(done, total) = event { progress(done, total) }
        }
    }

    /// Fingerprints `stills` (catalogued, at their paths in the catalog's
    /// folder) into `fingerprints` (a run of `process` shares its own, so
    /// its plan knows them made) and keeps them, a batch at a time: an
    /// interrupted fill keeps what it made. `events` are the executor's,
    /// counted over all the stills.
    func run(_ stills: [PhotoRecord], into fingerprints: FingerprintOutputs = FingerprintOutputs(current: []),
             catalog: Catalog, cancellation: CancellationToken,
             events: @escaping @Sendable (ExecutorEvent) -> Void) throws -> Summary {
        var summary = Summary()
        let resize = ImageProcessors.Resize(edge: edge)
        let root = catalog.folder
        let batchSize = 2_000
        for start in stride(from: 0, to: stills.count, by: batchSize) {
            let batch = stills[start..<min(start + batchSize, stills.count)]
            let outputs = batch.compactMap { still in
                fingerprints.planned(ThumbnailOutputs.Photo(catalogued: still, at: root + "/" + still.path), record: still,
                                     resize: resize, root: root)
            }
            let failures = Locked<[PlanExecutor.Failure]>([])
            let run = PlanExecutor(pipeline: pipeline, jobs: jobs, cancellation: cancellation)
                .run(outputs, ledger: OutputLedger(), record: { _ in },
                     failures: { failure in failures.withLock { $0.append(failure) } },
                     events: { event in
                         if case let .decoded(done, _) = event {
                             events(.decoded(done: start + done, total: stills.count))
                         } else {
                             events(event)
                         }
                     })
            let kept = fingerprints.drain()
            try catalog.storeFingerprints(kept, recipe: PhotoFingerprint.recipe)
            summary.photos.formUnion(kept.map(\.photoID))
            summary.failures += failures.withLock { $0 }
            if run.cancelled {
                summary.cancelled = true
                break
            }
        }
        return summary
    }
}
