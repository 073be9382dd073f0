import Imaging

/// One thumbnail a `ThumbnailBatch` made, or found already made.
public struct ThumbnailOutput: Sendable {
    public enum Status: String, Sendable {
        /// Made in this run.
        case made
        /// Found in the store or the output folder, made by an earlier run.
        case cached
    }

    /// The photo it was made from.
    public var file: InputFile
    /// The size asked for (`ThumbnailPlan.sizes`).
    public var size: Int
    /// Where it is: the output folder, else the store; nil when it was
    /// made but kept nowhere (no store and no output folder).
    public var path: String?
    /// Its pixel size; nil for a cached one when `readsCachedDimensions` is off.
    public var dimensions: PixelSize?
    public var status: Status
    /// What identifies the work (photo version, resize, encoding): the store key.
    public var key: String
}
