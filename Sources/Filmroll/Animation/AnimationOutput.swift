import Catalog

/// An animated GIF or WebP an `AnimationMaker` wrote.
public struct AnimationOutput: Sendable {
    public var path: String
    public var animation: EncodedAnimation
    /// Why the animation could not be recorded in its photos' catalog (it
    /// was written all the same); nil when it was, or no catalog applies.
    public var recordingError: CatalogError?
}
