/// What one `GalleryWriter.write` did, by file (paths relative to the gallery folder).
public struct GallerySummary: Sendable, Hashable {
    /// Files written because they were new or their content changed.
    public var writtenFiles: [String] = []
    /// Files left alone because they already held the same bytes.
    public var unchangedFiles: [String] = []
    /// Pages and maps deleted because the gallery no longer calls for them (a day, month or year gone…).
    public var removedFiles: [String] = []
    /// Files left as they are because they may not be replaced (see `GalleryFileGuard`), with why.
    public var refusedFiles: [GalleryRefusal] = []
    /// The recipe key of every file written or found current (not of those refused), by path.
    public var keys: [String: String] = [:]

    public init() {}

    public var written: Int { writtenFiles.count }
    public var unchanged: Int { unchangedFiles.count }
    public var removed: Int { removedFiles.count }
    public var refused: Int { refusedFiles.count }
}

/// A file of the gallery that was not written, and why ("already exists and was not made by Filmroll; …").
public struct GalleryRefusal: Sendable, Hashable {
    /// Relative to the gallery folder.
    public var path: String
    public var reason: String
}
