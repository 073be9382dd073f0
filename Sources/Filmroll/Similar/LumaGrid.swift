import Imaging

/// An image's luma area-averaged onto a grid of `columns` × `rows` cells:
/// each cell the exact mean of the source area it covers (partial pixels
/// weighted by the share they overlap), whatever the two sizes.
///
/// Luma is BT.601's (0.299 R + 0.587 G + 0.114 B) on the encoded sRGB
/// values, as PIL's `convert("L")` and so imagehash compute it; gray8 is
/// its own luma; transparent pixels are laid over white, as `ImageEncoder`
/// lays them for a format without alpha. Sums are integers up to the final
/// division, so the grid is the same on every machine.
struct LumaGrid: Sendable, Hashable {
    let columns: Int
    let rows: Int
    /// Row after row, in 0...255.
    let values: [Double]

    init(columns: Int, rows: Int, values: [Double]) {
        precondition(values.count == columns * rows)
        self.columns = columns
        self.rows = rows
        self.values = values
    }

    init(_ image: Image, columns: Int, rows: Int) {
        precondition(columns > 0 && rows > 0)
        let image = image.colorSpace.isSRGB ? image : image.convertedToSRGB()
        let (width, height) = (image.width, image.height)
        // In units of 1/columns of a pixel, source column x spans
        // [x·columns, (x+1)·columns) and cell j spans [j·width, (j+1)·width).
        let across = Self.overlaps(source: width, cells: columns)
        let down = Self.overlaps(source: height, cells: rows)
        var sums = [Int64](repeating: 0, count: columns * rows)
        var line = [Int64](repeating: 0, count: columns)
        let channels = image.format.bytesPerPixel
        let scale: Int64 = 1000  // luma × 1000 (the BT.601 weights in thousandths)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                for j in 0..<columns { line[j] = 0 }
                let start = y * image.bytesPerRow
                for x in 0..<width {
                    let at = start + x * channels
                    var luma: Int64
                    switch image.format {
                    case .gray8: luma = Int64(pixels[at]) * scale
                    case .rgb8, .rgba8:
                        luma = 299 * Int64(pixels[at]) + 587 * Int64(pixels[at + 1]) + 114 * Int64(pixels[at + 2])
                        if image.format == .rgba8 {
                            let alpha = Int64(pixels[at + 3])
                            luma = (luma * alpha + 255 * scale * (255 - alpha) + 127) / 255
                        }
                    }
                    for (cell, weight) in across[x] { line[cell] += luma * weight }
                }
                for (cell, weight) in down[y] {
                    let row = cell * columns
                    for j in 0..<columns { sums[row + j] += line[j] * weight }
                }
            }
        }
        let area = Double(width) * Double(height) * Double(scale)
        self.init(columns: columns, rows: rows, values: sums.map { Double($0) / area })
    }

    /// For each source pixel along one axis, the cells it overlaps and by
    /// how much (in 1/cells of a pixel; a cell's weights sum to `source`).
    static func overlaps(source: Int, cells: Int) -> [[(cell: Int, weight: Int64)]] {
        (0..<source).map { x in
            let low = x * cells, high = (x + 1) * cells
            return (low / source...(high - 1) / source).map { cell in
                (cell, Int64(min(high, (cell + 1) * source) - max(low, cell * source)))
            }
        }
    }

    /// The value at column x, row y.
    subscript(x: Int, y: Int) -> Double { values[y * columns + x] }
}
