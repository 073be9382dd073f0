/// Where a `ThumbnailBatch` could not keep its store, for the program to
/// tell: the thumbnails are still made.
public enum StoreNote: Sendable, Hashable {
    /// The store folder asked for cannot be used; the run works without a store.
    case unusable(folder: String, reason: String)
    /// A photo folder cannot hold its store (a camera card, a read-only
    /// share); it is kept in `fallback` instead.
    case moved(root: String, reason: String, fallback: String)
    /// A photo folder cannot hold its store, nor can the fallback; the run
    /// works without a store for its photos.
    case missing(root: String, reason: String)
    /// A thumbnail that went to the output folder could not be kept in the
    /// store as well (`cause`: "no space left on device"). Told by every
    /// photo it happens to; a program may tell it once.
    case notKept(folder: String, cause: String)
}
