import Catalog
import Imaging

/// A four-cut sheet a `FourCutMaker` wrote.
public struct FourCutSheet: Sendable {
    public var path: String
    public var size: PixelSize
    public var dpi: Int
    /// The four photos, in their cells' order.
    public var photos: [String]
    /// false when the catalog showed the same recipe already made (at the
    /// path, or elsewhere and copied): nothing was drawn.
    public var wasMade = true
    /// Why the sheet could not be recorded in its photos' catalog (it was
    /// written all the same); nil when it was, or no catalog applies.
    public var recordingError: CatalogError?
}
