/// Who owns a folder outputs are written into, as found on disk: the
/// nearest `OutputRootMarker` at it or above it decides.
public enum RootOwnership: Sendable, Equatable {
    /// The marker in `markerFolder` names this catalog, and the way from
    /// there down to the folder goes through no symbolic link.
    case ours(markerFolder: String)
    /// The marker in `markerFolder` names another catalog.
    case otherCatalog(markerFolder: String)
    /// What is at `markerFolder/.filmroll-owner` is no marker (a link, a
    /// folder, other text): nobody's to write through.
    case unreadableMarker(markerFolder: String)
    /// This catalog's marker is above it, but `link` on the way down is a symbolic link.
    case throughLink(link: String)
    /// Inside another photo folder's `.filmroll` (which holds its catalog, and no marker yet).
    case insideAnotherFolder(filmrollFolder: String)
    /// No marker at it or above it, and no other folder's `.filmroll`.
    case unmarked

    /// Whether this catalog may delete, replace or copy from files there.
    public var isOurs: Bool {
        if case .ours = self { return true }
        return false
    }

    /// Why the folder is not this catalog's, as the end of a sentence; nil when it is.
    public func reason(for root: String) -> String? {
        switch self {
        case .ours: nil
        case .otherCatalog(let folder): "\(root) belongs to another catalog (the marker \(folder)/\(OutputRootMarker.fileName) names it)"
        case .unreadableMarker(let folder): "\(folder)/\(OutputRootMarker.fileName) is not a marker Filmroll wrote"
        case .throughLink(let link): "\(link) is a symbolic link"
        case .insideAnotherFolder(let folder): "\(root) is inside \(folder), another photo folder's own"
        case .unmarked: "\(root) is not a folder this catalog made (it holds no \(OutputRootMarker.fileName) naming it)"
        }
    }
}
