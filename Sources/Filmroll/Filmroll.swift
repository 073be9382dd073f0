@_exported import Catalog
@_exported import Imaging

/// Filmroll's workflows as a library: what the `filmroll` command does
/// (processing a photo folder, its gallery), for any Swift program.
/// Importing `Filmroll` brings `Imaging` and `Catalog` with it.
public enum Filmroll {
    public static let version = "0.1.0"
}
