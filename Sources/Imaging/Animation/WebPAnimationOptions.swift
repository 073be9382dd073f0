/// How `WebPAnimator` encodes.
public struct WebPAnimationOptions: Sendable, Hashable {
    public var loop: LoopCount = .forever
    /// Lossless frames (VP8L) instead of lossy ones (VP8, the default).
    public var lossless = false
    /// 0-100. Lossy: libwebp's quality, higher is closer to the frames and
    /// larger. Lossless: the effort spent making the file smaller.
    /// The default was measured on the GIF benchmark's frames (24 × 480×270
    /// of a grainy pan, where Filmroll's GIF is 2039 KB at 36.7 dB): 75
    /// gives 602 KB at 32.8 dB, 85 871 KB at 35.4 dB, 90 1071 KB at
    /// 36.9 dB, and 90 with `sharpYUV` 1130 KB at 37.5 dB: as close to
    /// the source as the GIF, with a margin, at 0.55 times its size.
    public var quality = 90.0
    /// libwebp's method: 0 (fast) to 6 (slowest, smallest).
    public var method = 4
    /// Lets libwebp choose lossy or lossless for each frame (for
    /// animations mixing photos and flat graphics).
    public var allowMixed = false
    /// The spacing of key frames (whole frames a player can start from),
    /// as libwebp's kmin...kmax; nil: none after the first, the smallest file.
    public var keyFrameSpacing: ClosedRange<Int>?
    /// libwebp's sharper RGB to YUV conversion (lossy): crisper coloured
    /// edges, 0.6 dB closer for 5 % more bytes on the benchmark, and about
    /// 12 ms more per 480×270 frame.
    public var sharpYUV = true
    /// Written as the XMP packet's `xmp:CreatorTool` (Filmroll's `OutputMark`), if any.
    public var mark: String?

    public init() {}
}
