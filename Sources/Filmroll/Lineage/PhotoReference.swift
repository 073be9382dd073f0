/// A photo an output was made from, as its catalog knows it.
public enum PhotoReference: Sendable, Hashable {
    /// The photo's row in the catalog.
    case id(Int64)
    /// The photo's path relative to the catalogued folder; indexed on the
    /// way when the catalog does not know it yet.
    case relativePath(String)
}
