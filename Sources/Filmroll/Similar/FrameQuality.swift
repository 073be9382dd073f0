#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// How sharp and how well exposed a photo looks, measured on its small
/// image, to name the best frame of a burst or of a set of similar photos.
///
/// The luma (`LumaGrid`) is area-averaged so its longer edge is 256 cells,
/// whatever the image's size, so frames decoded at different sizes compare.
/// Sharpness is the variance of the 4-neighbour Laplacian over the inner
/// cells (Pech-Pacheco et al., 2000): motion and focus blur, what tells a
/// burst's frames apart, take away the fine detail it measures, and it is
/// one pass with no threshold to tune. Exposure is the share of cells
/// clipped (luma ≤ 2 or ≥ 253) and how far the mean luma is from mid-grey
/// (0 at 127.5, 1 at black or white).
public struct FrameQuality: Sendable, Hashable {
    /// Variance of the Laplacian, in squared luma steps (0...255 scale).
    public let sharpness: Double
    /// Share of cells black or white, 0...1.
    public let clippedShare: Double
    /// |mean luma − 127.5| / 127.5, 0...1.
    public let exposureOffset: Double

    /// The longer edge of the grid measured.
    public static let edge = 256

    public init(sharpness: Double, clippedShare: Double, exposureOffset: Double) {
        self.sharpness = sharpness
        self.clippedShare = clippedShare
        self.exposureOffset = exposureOffset
    }

    /// The measures of `image` (upright, any size and pixel format).
    public init(of image: Image) {
        let long = max(image.width, image.height)
        let scale = Double(min(Self.edge, long)) / Double(long)
        let columns = max(1, Int((Double(image.width) * scale).rounded()))
        let rows = max(1, Int((Double(image.height) * scale).rounded()))
        self.init(LumaGrid(image, columns: columns, rows: rows))
    }

    init(_ grid: LumaGrid) {
        var sum = 0.0, squares = 0.0, inner = 0
        if grid.columns >= 3 && grid.rows >= 3 {
            for y in 1..<grid.rows - 1 {
                for x in 1..<grid.columns - 1 {
                    let laplacian = grid[x - 1, y] + grid[x + 1, y] + grid[x, y - 1] + grid[x, y + 1] - 4 * grid[x, y]
                    sum += laplacian
                    squares += laplacian * laplacian
                    inner += 1
                }
            }
        }
        let mean = inner > 0 ? sum / Double(inner) : 0
        sharpness = inner > 0 ? max(0, squares / Double(inner) - mean * mean) : 0
        let clipped = grid.values.reduce(0) { $0 + ($1 <= 2 || $1 >= 253 ? 1 : 0) }
        clippedShare = Double(clipped) / Double(grid.values.count)
        let meanLuma = grid.values.reduce(0, +) / Double(grid.values.count)
        exposureOffset = abs(meanLuma - 127.5) / 127.5
    }

    /// One number to rank frames of one scene by, higher better: the
    /// sharpness on a log scale (blur divides it; a log makes a factor the
    /// same step at any level of detail), less a point for every tenth of
    /// the picture clipped and for a mean half-way to black or white.
    public var score: Double {
        log2(1 + sharpness) - 10 * clippedShare - 2 * exposureOffset
    }

    /// The index of the best frame among `frames` (the first of equals), nil when empty.
    public static func best(of frames: [FrameQuality]) -> Int? {
        frames.indices.max { frames[$0].score < frames[$1].score }  // max keeps the first of equals
    }
}
