import Catalog

/// What a `LineageRecorder` tells as it goes, for the program to show:
/// neither stops the work.
public enum LineageNote: Sendable {
    /// The catalog cannot be written (a read-only medium, a read-only
    /// file), so outputs are not recorded in it. Told once per catalog.
    case readOnly(catalogPath: String, reason: String)
    /// The outputs a catalog knows could not be read; work it holds as done
    /// is done again.
    case unreadable(CatalogError)
}
