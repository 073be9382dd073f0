import Catalog

/// What a `ThumbnailBatch` run did.
public struct ThumbnailSummary: Sendable {
    /// Every thumbnail made or found, in the order they were done.
    public var outputs: [ThumbnailOutput] = []
    public var made = 0
    public var cached = 0
    /// Photos whose thumbnails could not be made.
    public var failed = 0
    /// Where the thumbnails are: the output folder, else the first store's folder.
    public var location: String?
    /// Catalogs the thumbnails could not be recorded in (they were made).
    public var recordingErrors: [CatalogError] = []
    /// Whether the run stopped early, asked to by its `CancellationToken`.
    public var cancelled = false

    public init() {}

    /// Counts an event's output or failure.
    mutating func add(_ event: ThumbnailEvent) {
        switch event {
        case .output(let output):
            outputs.append(output)
            if output.status == .made { made += 1 } else { cached += 1 }
        case .failed:
            failed += 1
        case .store, .finished:
            break
        }
    }
}
