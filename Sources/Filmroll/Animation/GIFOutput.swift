import Catalog

/// An animated GIF or WebP a `GIFMaker` wrote.
public struct GIFOutput: Sendable {
    public var path: String
    public var animation: GIFAnimation
    /// Why the animation could not be recorded in its photos' catalog (it
    /// was written all the same); nil when it was, or no catalog applies.
    public var recordingError: CatalogError?
}
