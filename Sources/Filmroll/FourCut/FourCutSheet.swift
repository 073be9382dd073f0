import Catalog
import Imaging

/// A four-cut sheet a `FourCutMaker` wrote.
public struct FourCutSheet: Sendable {
    public var path: String
    public var size: PixelSize
    public var dpi: Int
    /// The four photos, in their cells' order.
    public var photos: [String]
    /// Why the sheet could not be recorded in its photos' catalog (it was
    /// written all the same); nil when it was, or no catalog applies.
    public var recordingError: CatalogError?
}
