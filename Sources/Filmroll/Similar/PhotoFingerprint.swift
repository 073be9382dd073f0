import Catalog
import Imaging

/// What the catalog keeps of a photo to find its copies, its burst and
/// similar photos, and to rank frames of one scene (`StoredFingerprint`),
/// made from its small decoded image (upright, any size; the thumbnail's
/// decode in `process`).
///
/// The hashes find candidates fast (`HammingIndex`), but a photo saved
/// again and a burst frame shaken by a pixel are equally near by both; the
/// 16 × 16 luma tells them apart (`SimilarPhotos.lumaDistance`): a copy
/// differs from its picture by compression noise, a moved frame by its
/// edges.
public enum PhotoFingerprint {
    /// The recipe of all of it: a fingerprint by another is made again.
    public static let recipe = "\(PerceptualHash.recipe) \(PerceptualHash.gradientRecipe) luma16-1 quality256-1"

    /// The fingerprint of `image`.
    public static func of(_ image: Image) -> StoredFingerprint {
        let image = image.colorSpace.isSRGB ? image : image.convertedToSRGB()
        let grid = LumaGrid(image, columns: 32, rows: 32)
        let quality = FrameQuality(of: image)
        return StoredFingerprint(dct: PerceptualHash.dctHash(grid), gradient: PerceptualHash.gradientHash(grid),
                                 luma: luma16(grid), quality: quality.score, sharpness: quality.sharpness,
                                 clipped: quality.clippedShare, exposure: quality.exposureOffset)
    }

    /// The 32 × 32 grid averaged by 2 × 2 cells, rounded to bytes.
    static func luma16(_ grid: LumaGrid) -> [UInt8] {
        (0..<256).map { cell in
            let (x, y) = (cell % 16 * 2, cell / 16 * 2)
            let mean = (grid[x, y] + grid[x + 1, y] + grid[x, y + 1] + grid[x + 1, y + 1]) / 4
            return UInt8(max(0, min(255, mean.rounded())))
        }
    }
}
