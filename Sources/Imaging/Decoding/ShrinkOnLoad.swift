/// Chooses how far a JPEG shrinks while decoding (libjpeg's DCT scaling by
/// M/8), which is much cheaper than decoding at full size and resizing.
public enum ShrinkOnLoad {
    /// Size of a JPEG of `stored` size decoded at `numerator`/8.
    public static func jpegScaledSize(_ stored: PixelSize, numerator: Int) -> PixelSize {
        JPEGCodec.scaledSize(stored, numerator: numerator)
    }

    /// The smallest numerator M (of 8) whose decoded size is still at least
    /// `target`'s result size in both dimensions; 8 (full size) without a
    /// target. Sizes are in stored orientation.
    public static func jpegScale(stored: PixelSize, target: TargetSize?) -> Int {
        guard let target else { return 8 }
        let needed = target.resultSize(for: stored)
        for numerator in 1...8 {
            let scaled = jpegScaledSize(stored, numerator: numerator)
            if scaled.width >= needed.width && scaled.height >= needed.height { return numerator }
        }
        return 8
    }

    /// The scale for a JPEG described by `info` and a target in upright
    /// coordinates (the DCT scale applies to the stored image).
    public static func jpegScale(for info: ImageInfo, target: TargetSize?) -> Int {
        let storedTarget = info.metadata.orientation.swapsDimensions ? target?.transposed : target
        return jpegScale(stored: info.storedSize, target: storedTarget)
    }
}
