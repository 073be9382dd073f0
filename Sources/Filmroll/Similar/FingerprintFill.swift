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
        public var fingerprinted = 0
        /// Stills that could not be decoded: path (absolute) and why.
        public var failures: [(path: String, reason: String)] = []
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
        var summary = Summary()
        let stills: [PhotoRecord]
        do { stills = try catalog.stillsWithoutFingerprint(recipe: PhotoFingerprint.recipe) } catch {
            throw CatalogError(error, catalog: catalog)
        }
        guard !stills.isEmpty else { return summary }
        let fingerprints = FingerprintOutputs(current: [])
        let resize = ImageProcessors.Resize(edge: edge)
        let root = catalog.folder
        // A batch at a time, kept as it ends: an interrupted fill keeps what it made.
        let batchSize = 2_000
        var done = 0
        for start in stride(from: 0, to: stills.count, by: batchSize) {
            let batch = stills[start..<min(start + batchSize, stills.count)]
            let outputs = batch.compactMap { still in
                fingerprints.planned(ThumbnailOutputs.Photo(catalogued: still, at: root + "/" + still.path), record: still,
                                     resize: resize, root: root)
            }
            let failures = Locked<[PlanExecutor.Failure]>([])
            let before = done
            let run = PlanExecutor(pipeline: pipeline, jobs: jobs, cancellation: cancellation)
                .run(outputs, ledger: OutputLedger(), record: { _ in },
                     failures: { failure in failures.withLock { $0.append(failure) } },
                     events: { event in
                         if case let .decoded(finished, _) = event { progress(before + finished, stills.count) }
                     })
            done += batch.count
            let kept = fingerprints.drain()
            try catalog.storeFingerprints(kept, recipe: PhotoFingerprint.recipe)
            summary.fingerprinted += kept.count
            summary.failures += failures.withLock { $0 }.map { ($0.path, $0.reason) }
            if run.cancelled {
                summary.cancelled = true
                break
            }
        }
        return summary
    }
}
