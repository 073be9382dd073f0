import Catalog

/// An animated GIF or WebP an `AnimationMaker` wrote.
public struct AnimationOutput: Sendable {
    public var path: String
    public var animation: EncodedAnimation
    /// false when the catalog showed the same recipe already made (at the
    /// path, or elsewhere and copied): nothing was encoded.
    public var wasMade = true
    /// Why the animation could not be recorded in its photos' catalog (it
    /// was written all the same); nil when it was, or no catalog applies.
    public var recordingError: CatalogError?
}
