import Imaging

/// How the gallery writes the photo pages' preview for high-density
/// screens, chosen by measurement on the benchmark's 48 12 MP photos
/// (docs/benchmarks.md, "The gallery's views"): a JPEG of 1512 px, the size
/// a 12 MP photo's 3/8 decode has, which the large view needs anyway (so the
/// preview costs an encode and no decode of its own), at quality 75 with
/// optimised Huffman tables, where its SSIM against the original equals
/// that of the 2048 px previews at quality 85 made before, in 38 % of their
/// bytes. WebP at the same SSIM was as large, and five to twenty times as
/// slow to encode. The thumbnail and large view are made as `thumbs` makes them.
public enum GalleryViewEncoding {
    /// The preview's long side (`ProcessOptions.previewSize`).
    public static let previewSize = 1512
    /// The preview's JPEG quality.
    public static let previewQuality = 75

    /// The preview's encoding at `quality`, marked as the thumbnails are.
    static func preview(quality: Int) -> EncodingFormat {
        EncodingFormat.jpeg(JPEGEncodingOptions(quality: quality, optimizeHuffman: true)).marked(.thumbnail)
    }
}
