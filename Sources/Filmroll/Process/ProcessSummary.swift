/// What a run of `FolderProcess` did.
public struct ProcessSummary: Sendable, Equatable {
    public var index = IndexSummary()
    public var photos = 0
    /// Videos of their own, and stills with a Live Photo's MOV (among `photos`).
    public var videos = 0
    public var livePhotos = 0
    /// Bursts (among `photos`: each one item, the frame that stands for it).
    public var bursts = 0
    /// Files decoded: at most one per photo whose outputs were out of date.
    public var decoded = 0
    /// Stills fingerprinted (`PhotoFingerprint`), burst frames among them.
    public var fingerprinted = 0
    public var thumbnailsMade = 0
    public var fourCutsMade = 0
    public var animationsMade = 0
    /// Clips made for the pages to play (videos browsers cannot play as they are, motion photos).
    public var clipsMade = 0
    /// The sheets, animations and clips made, by path (`clipsMade` and the others count them).
    var madeByPath: [OutputKind: Set<String>] = [:]
    public var pagesWritten = 0
    /// Photos copied into the gallery (`--originals copy`).
    public var originalsCopied = 0
    /// Outputs of photos or days that are gone, removed.
    public var removed = 0
    /// Outputs copied from the same recipe's file made by another command.
    public var reused = 0
    public var failed = 0
    /// Every file that failed this run, with why: photos the index or the
    /// decoder could not read, outputs not made.
    public var failures: [ProcessFailure] = []
    /// Every photo read past damage this run, with the warning (one entry a warning).
    public var warnings: [ProcessFailure] = []
    /// Photos the gallery cannot show because they cannot be read, this run
    /// or an earlier one (the catalog remembers until the file changes).
    public var unreadable = 0
    public var cancelled = false
    /// Nothing changed since the last complete run: nothing was planned (`ProcessRunStamp`).
    public var upToDate = false
    /// Only the days a few changes reached were planned (`ProcessScope`): how many were; nil when all were.
    public var scopedDays: Int?
    /// Shard catalogs folded into the folder's (`mergesShards`).
    public var shardsMerged = 0
    /// Shard catalogs beside the folder's that no merge has folded yet.
    public var shardsPending = 0
    /// The gallery's index page.
    public var galleryPath = ""

    public init() {}
}

/// A photo or an output that failed, and why.
public struct ProcessFailure: Sendable, Equatable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
