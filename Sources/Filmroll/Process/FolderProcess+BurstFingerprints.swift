import Catalog
import Imaging

extension FolderProcess {
    /// Before the plans: fingerprints every frame of the bursts among
    /// `batches`' items that has none, and groups those days' bursts again,
    /// so that the frame measured best (`PhotoFingerprint`'s quality) stands
    /// for its burst and is the one whose thumbnails the plan makes. The
    /// other frames have no outputs, so this is their only decode; a burst's
    /// first run decodes its stand-in here too, small, and again for its
    /// thumbnails. A frame that cannot be read is marked so, and reported as
    /// any photo is. Returns the frames fingerprinted.
    func fingerprintBursts(catalog: Catalog, batches: ProcessBatches, fingerprints: FingerprintOutputs, out: String,
                           cancellation: CancellationToken, events: @escaping @Sendable (ProcessEvent) -> Void) throws -> Int {
        let frames: [Int64: [PhotoRecord]]
        do { frames = try catalog.burstFrames() } catch { throw CatalogError(error, catalog: catalog) }
        guard !frames.isEmpty else { return 0 }
        var members: [PhotoRecord] = []
        for batch in batches.batches {
            for lead in try batch.records(catalog) where frames[lead.id] != nil {
                members.append(lead)
                members += frames[lead.id]!
            }
        }
        var fill = FingerprintFill(pipeline: pipeline, jobs: options.jobs)
        fill.edge = options.thumbnailSize
        let filled = try fill.run(members, into: fingerprints, catalog: catalog, cancellation: cancellation) {
            events(ProcessEvent($0))
        }
        let byPath = Dictionary(members.map { (folder + "/" + $0.path, $0) }) { first, _ in first }
        do {
            for failure in filled.failures {
                guard case .photo(let path, let error) = failure, error.isInTheFile, let member = byPath[path] else { continue }
                try catalog.markUnreadable(relativePath: member.path, byteCount: member.byteCount,
                                           modificationTimeNanoseconds: member.modificationTimeNanoseconds,
                                           reason: error.description)
            }
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
        let days = Set(members.filter { filled.photos.contains($0.id) }.compactMap(\.takenDay))
        if !days.isEmpty { try catalog.groupBursts(days: days) }
        return filled.photos.count
    }
}
