/// What `Catalog.rebuild` did.
public struct RebuildSummary: Sendable, Equatable {
    /// Where the old catalog was moved (with its `-wal` and `-shm`), or nil
    /// when there was none.
    public var asidePath: String?
    /// The indexing of the folder into the fresh catalog.
    public var index = IndexSummary()
    /// Outputs carried over from the old catalog.
    public var outputsCarried = 0
    /// Links from an output to a source photo carried over.
    public var linksCarried = 0
    /// Outputs of the old catalog that could not be read (on a damaged page).
    public var outputsUnreadable = 0
    /// Outputs left behind because their file no longer exists.
    public var outputsGone = 0
    /// Outputs left behind because their file is not one Filmroll may
    /// delete (outside the folder it was made in, behind a link, not
    /// Filmroll's): the file is left alone, its record not carried.
    public var outputsRefused: [Catalog.RefusedOutput] = []
    /// Why nothing could be read from the old catalog, when nothing could.
    public var oldCatalogProblem: String?

    public init() {}
}
