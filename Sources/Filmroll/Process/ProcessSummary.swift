/// What a run of `FolderProcess` did.
public struct ProcessSummary: Sendable, Equatable {
    public var index = IndexSummary()
    public var photos = 0
    /// Files decoded: at most one per photo whose outputs were out of date.
    public var decoded = 0
    public var thumbnailsMade = 0
    public var fourCutsMade = 0
    public var animationsMade = 0
    public var pagesWritten = 0
    /// Outputs of photos or days that are gone, removed.
    public var removed = 0
    /// Outputs copied from the same recipe's file made by another command.
    public var reused = 0
    /// Outputs made by an earlier version, kept: their recipe had not changed.
    public var adopted = 0
    public var failed = 0
    public var cancelled = false
    /// The gallery's index page.
    public var galleryPath = ""

    public init() {}
}
