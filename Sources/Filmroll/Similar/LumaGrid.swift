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
        let across = Overlaps(source: width, cells: columns), down = Overlaps(source: height, cells: rows)
        var sums = [Int64](repeating: 0, count: columns * rows)
        var line = [Int64](repeating: 0, count: columns)
        var luma = [Int64](repeating: 0, count: width)
        sums.withUnsafeMutableBufferPointer { sums in
            line.withUnsafeMutableBufferPointer { line in
                luma.withUnsafeMutableBufferPointer { luma in
                    image.pixels.withUnsafeBufferPointer { pixels in
                        for y in 0..<height {
                            Self.lumaRow(pixels, from: y * image.bytesPerRow, format: image.format, into: luma)
                            line.update(repeating: 0)
                            for x in 0..<width {
                                let value = luma[x]
                                for k in across.starts[x]..<across.starts[x + 1] {
                                    line[across.cells[k]] += value * across.weights[k]
                                }
                            }
                            for k in down.starts[y]..<down.starts[y + 1] {
                                let row = down.cells[k] * columns, weight = down.weights[k]
                                for j in 0..<columns { sums[row + j] += line[j] * weight }
                            }
                        }
                    }
                }
            }
        }
        let area = Double(width) * Double(height) * Double(Self.scale)
        self.init(columns: columns, rows: rows, values: sums.map { Double($0) / area })
    }

    /// Luma × 1000 (the BT.601 weights in thousandths).
    private static let scale: Int64 = 1000

    /// One row's luma × 1000, transparency laid over white.
    private static func lumaRow(_ pixels: UnsafeBufferPointer<UInt8>, from start: Int, format: PixelFormat,
                                into luma: UnsafeMutableBufferPointer<Int64>) {
        switch format {
        case .gray8:
            for x in 0..<luma.count { luma[x] = Int64(pixels[start + x]) * scale }
        case .rgb8:
            for x in 0..<luma.count {
                let at = start + 3 * x
                luma[x] = 299 * Int64(pixels[at]) + 587 * Int64(pixels[at + 1]) + 114 * Int64(pixels[at + 2])
            }
        case .rgba8:
            for x in 0..<luma.count {
                let at = start + 4 * x
                let value = 299 * Int64(pixels[at]) + 587 * Int64(pixels[at + 1]) + 114 * Int64(pixels[at + 2])
                let alpha = Int64(pixels[at + 3])
                luma[x] = (value * alpha + 255 * scale * (255 - alpha) + 127) / 255
            }
        }
    }

    /// Along one axis, the cells each source pixel overlaps and by how much,
    /// flattened: pixel x's are `cells[k]`, `weights[k]` for k in
    /// `starts[x]..<starts[x + 1]`. In units of 1/cells of a pixel, pixel x
    /// spans [x·cells, (x+1)·cells) and cell j spans [j·source, (j+1)·source),
    /// so a cell's weights sum to `source`.
    struct Overlaps {
        var starts: [Int] = [0]
        var cells: [Int] = []
        var weights: [Int64] = []

        init(source: Int, cells count: Int) {
            for x in 0..<source {
                let low = x * count, high = (x + 1) * count
                for cell in low / source...(high - 1) / source {
                    cells.append(cell)
                    weights.append(Int64(min(high, (cell + 1) * source) - max(low, cell * source)))
                }
                starts.append(cells.count)
            }
        }
    }

    /// The value at column x, row y.
    subscript(x: Int, y: Int) -> Double { values[y * columns + x] }
}
