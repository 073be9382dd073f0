@_exported import Catalog
@_exported import Imaging

/// Filmroll's workflows as a library: what the `filmroll` command does
/// (`ThumbnailBatch`, `FourCutMaker`, `AnimationMaker`, `FolderProcess`, the
/// gallery, recorded in the catalog by `LineageRecorder`), for any Swift
/// program. Importing `Filmroll` brings `Imaging`, `Catalog` and `Files` with it.
public enum Filmroll {
    public static let version = "0.1.0"
}
