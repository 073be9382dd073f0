/// Bounds checked against a file's header before any pixel buffer exists,
/// so that a hostile or absurd file fails in milliseconds instead of
/// allocating gigabytes or decoding for minutes.
public struct DecodeLimits: Sendable, Hashable {
    /// Largest frame, in pixels (stored size).
    public var maxPixelsPerFrame: Int
    /// Largest sum over all decoded frames of an animation, in pixels.
    public var maxTotalPixels: Int
    /// Most scans a progressive JPEG may have.
    public var maxProgressiveScans: Int
    /// Most frames an animation may have.
    public var maxFrames: Int
    /// Largest ancillary PNG chunk (and decompressed text) kept in memory, in bytes.
    public var maxPNGChunkBytes: Int
    /// Largest file read, in bytes.
    public var maxFileBytes: Int

    public init(maxPixelsPerFrame: Int = 100_000_000, maxTotalPixels: Int = 1_000_000_000,
                maxProgressiveScans: Int = 500, maxFrames: Int = 10_000,
                maxPNGChunkBytes: Int = 8_000_000, maxFileBytes: Int = 1 << 30) {
        self.maxPixelsPerFrame = maxPixelsPerFrame
        self.maxTotalPixels = maxTotalPixels
        self.maxProgressiveScans = maxProgressiveScans
        self.maxFrames = maxFrames
        self.maxPNGChunkBytes = maxPNGChunkBytes
        self.maxFileBytes = maxFileBytes
    }

    public static let `default` = DecodeLimits()

    /// Throws `imageTooLarge` or `animationTooLarge` when decoding `frames`
    /// frames of `size` would pass a limit.
    public func check(frameSize size: PixelSize, frames: Int = 1) throws(ImagingError) {
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        if overflow || pixels > maxPixelsPerFrame { throw .imageTooLarge(size) }
        let (total, totalOverflow) = pixels.multipliedReportingOverflow(by: frames)
        if totalOverflow || total > maxTotalPixels { throw .animationTooLarge(frames: frames, size: size) }
    }
}
