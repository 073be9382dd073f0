#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// A photo's perceptual fingerprints: two 64-bit hashes of its picture
/// that stay close when the picture is saved again (re-encoded, resized,
/// another format) and differ by about half their bits between pictures.
///
/// `dct` is pHash: the luma (`LumaGrid`: BT.601, transparency over white)
/// area-averaged to 32 × 32, its 2-D DCT-II, and the 8 × 8 coefficients of
/// the lowest frequencies after the DC row and column (u, v in 1...8, as
/// phash.org takes them) compared with their median. `gradient` is dHash:
/// the luma at 9 × 8 (area-averaged from the 32 × 32 grid), one bit per
/// pair of horizontal neighbours, set when the left is darker.
/// Bit i (i = row × 8 + column) is `1 << (63 - i)`, so the hex reads in
/// row order. Hash the small decoded image, upright; the DCT runs in
/// Double in a fixed order, so the bits are the same on every machine.
public struct PerceptualHash: Sendable, Hashable {
    /// The DCT hash's recipe, kept beside it so a changed recipe recomputes.
    public static let recipe = "phash-dct32-1"
    /// The gradient hash's recipe.
    public static let gradientRecipe = "dhash-9x8-1"

    /// pHash, 64 bits.
    public let dct: UInt64
    /// dHash, 64 bits.
    public let gradient: UInt64

    public init(dct: UInt64, gradient: UInt64) {
        self.dct = dct
        self.gradient = gradient
    }

    /// The fingerprints of `image` (any size and pixel format; a colour
    /// space other than sRGB is converted first).
    public init(of image: Image) {
        let grid = LumaGrid(image, columns: 32, rows: 32)
        self.init(dct: Self.dctHash(grid), gradient: Self.gradientHash(grid))
    }

    /// Bits that differ between two 64-bit hashes.
    public static func distance(_ a: UInt64, _ b: UInt64) -> Int { (a ^ b).nonzeroBitCount }

    /// Bits of the DCT hash that differ from `other`'s.
    public func distance(to other: PerceptualHash) -> Int { Self.distance(dct, other.dct) }

    /// Bits of the gradient hash that differ from `other`'s.
    public func gradientDistance(to other: PerceptualHash) -> Int { Self.distance(gradient, other.gradient) }

    /// cos(π (2x + 1) u / 64) for x in 0..<32, u in 0...8 (u × 32 + x).
    private static let cosines: [Double] = (0...8).flatMap { u in
        (0..<32).map { x in cos(Double.pi * Double((2 * x + 1) * u) / 64) }
    }

    /// pHash of a 32 × 32 grid. The coefficients share one normalisation
    /// (u, v ≥ 1), so it is left out: the median comparison ignores it.
    static func dctHash(_ grid: LumaGrid) -> UInt64 {
        precondition(grid.columns == 32 && grid.rows == 32)
        // Each row's horizontal frequencies 1...8, then down the columns.
        var across = [Double](repeating: 0, count: 32 * 8)
        for y in 0..<32 {
            for u in 1...8 {
                var sum = 0.0
                for x in 0..<32 { sum += grid[x, y] * cosines[u * 32 + x] }
                across[y * 8 + u - 1] = sum
            }
        }
        var coefficients = [Double](repeating: 0, count: 64)
        for v in 1...8 {
            for u in 0..<8 {
                var sum = 0.0
                for y in 0..<32 { sum += across[y * 8 + u] * cosines[v * 32 + y] }
                coefficients[(v - 1) * 8 + u] = sum
            }
        }
        let sorted = coefficients.sorted()
        let median = (sorted[31] + sorted[32]) / 2
        return bits(coefficients.map { $0 > median })
    }

    /// dHash: the 32 × 32 grid area-averaged to 9 × 8, then left < right.
    static func gradientHash(_ grid: LumaGrid) -> UInt64 {
        let across = LumaGrid.Overlaps(source: 32, cells: 9), down = LumaGrid.Overlaps(source: 32, cells: 8)
        var small = [Double](repeating: 0, count: 9 * 8)
        for y in 0..<32 {
            for x in 0..<32 {
                for k in down.starts[y]..<down.starts[y + 1] {
                    for l in across.starts[x]..<across.starts[x + 1] {
                        small[down.cells[k] * 9 + across.cells[l]] += grid[x, y] * Double(down.weights[k] * across.weights[l])
                    }
                }
            }
        }
        return bits((0..<64).map { i in small[(i / 8) * 9 + i % 8] < small[(i / 8) * 9 + i % 8 + 1] })
    }

    private static func bits(_ set: [Bool]) -> UInt64 {
        var hash: UInt64 = 0
        for (i, bit) in set.enumerated() where bit { hash |= 1 << UInt64(63 - i) }
        return hash
    }
}
