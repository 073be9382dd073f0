import Catalog
import Imaging

/// A video a `VideoMaker` wrote.
public struct VideoOutput: Sendable {
    public var path: String
    /// The frame size (even).
    public var size: PixelSize
    public var frameCount: Int
    public var durationSeconds: Double
    public var byteCount: Int
    /// Why the video could not be recorded in its photos' catalog (it was
    /// written all the same); nil when it was, or no catalog applies.
    public var recordingError: CatalogError?
}
