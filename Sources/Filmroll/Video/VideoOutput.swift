#if canImport(Glibc)
import Glibc
#endif
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
    /// false when the catalog showed the same recipe already made (at the
    /// path, or elsewhere and copied): nothing was encoded.
    public var wasMade = true
    /// Why the video could not be recorded in its photos' catalog (it was
    /// written all the same); nil when it was, or no catalog applies.
    public var recordingError: CatalogError?
}

extension VideoOutput {
    /// The video at `path`, as its container tells it: one found already
    /// made, not encoded here; nil when it cannot be read.
    static func existing(at path: String) -> VideoOutput? {
        var status = stat()
        guard let info = try? VideoReader(path: path).info, stat(path, &status) == 0 else { return nil }
        return VideoOutput(path: path, size: info.size, frameCount: info.frameCount, durationSeconds: info.durationSeconds,
                           byteCount: Int(status.st_size))
    }
}
