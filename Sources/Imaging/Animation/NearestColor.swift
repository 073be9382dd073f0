/// Maps pixels to the nearest entry of a palette, exactly: the least
/// squared RGB distance, the lowest index on a tie. The palette's own
/// error is what a GIF's PSNR measures, so this is the mapping that
/// loses least, and it is several times faster than searching the whole
/// palette (or than libimagequant's remapping, in its perceptual space).
///
/// RGB space is cut into 16×16×16 cells. The first time a pixel falls in a
/// cell, the cell lists the only entries that can be nearest to a colour in
/// it: with B the least, over all entries, of an entry's distance to the
/// cell's farthest corner from it, no colour in the cell is farther than B
/// from its nearest entry, so an entry farther than B from the whole cell
/// is never nearest. The list is sorted by distance to the cell, so a
/// search stops at the first entry farther from the cell than the best
/// match so far. A photo's pixels touch a few hundred cells.
struct NearestColor {
    private let red: [Int32], green: [Int32], blue: [Int32]
    /// For each cell, where its entries start in `candidates` and how many; -1: not listed yet.
    private var cellStart = [Int32](repeating: -1, count: 4096)
    private var cellCount = [Int32](repeating: 0, count: 4096)
    private var candidates: [UInt8] = []
    /// Each candidate's squared distance to its cell.
    private var candidateDistances: [Int32] = []

    /// - Parameter palette: RGB entries, three bytes each (at most 256).
    init(palette: [UInt8]) {
        precondition(palette.count >= 3 && palette.count % 3 == 0 && palette.count <= 768)
        red = stride(from: 0, to: palette.count, by: 3).map { Int32(palette[$0]) }
        green = stride(from: 1, to: palette.count, by: 3).map { Int32(palette[$0]) }
        blue = stride(from: 2, to: palette.count, by: 3).map { Int32(palette[$0]) }
    }

    /// The nearest entry's index for each pixel of `image` (RGBA8), its alpha ignored.
    mutating func indices(for image: Image) -> [UInt8] {
        precondition(image.format == .rgba8 && image.bytesPerRow == image.width * 4)
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            indices.withUnsafeMutableBufferPointer { out in
                var lastColor: UInt32 = .max, lastIndex: UInt8 = 0
                for pixel in 0..<out.count {
                    let r = pixels[pixel &* 4], g = pixels[pixel &* 4 &+ 1], b = pixels[pixel &* 4 &+ 2]
                    let color = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                    // Neighbours often share a colour.
                    if color != lastColor {
                        lastColor = color
                        lastIndex = nearest(Int32(r), Int32(g), Int32(b))
                    }
                    out[pixel] = lastIndex
                }
            }
        }
        return indices
    }

    /// The nearest entry to one colour.
    mutating func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
        let cell = Int(r >> 4) << 8 | Int(g >> 4) << 4 | Int(b >> 4)
        if cellStart[cell] < 0 { list(cell) }
        let start = Int(cellStart[cell]), end = start + Int(cellCount[cell])
        return candidates.withUnsafeBufferPointer { candidates in
            candidateDistances.withUnsafeBufferPointer { toCell in
                red.withUnsafeBufferPointer { red in
                    green.withUnsafeBufferPointer { green in
                        blue.withUnsafeBufferPointer { blue in
                            var best = candidates[start], bestDistance = Int32.max
                            for slot in start..<end {
                                // No entry from here on can be nearer.
                                if toCell[slot] > bestDistance { break }
                                let entry = candidates[slot]
                                let dr = red[Int(entry)] &- r, dg = green[Int(entry)] &- g, db = blue[Int(entry)] &- b
                                let distance = dr &* dr &+ dg &* dg &+ db &* db
                                if distance < bestDistance || (distance == bestDistance && entry < best) {
                                    bestDistance = distance
                                    best = entry
                                }
                            }
                            return best
                        }
                    }
                }
            }
        }
    }

    /// Lists the entries that can be nearest to some colour in `cell`,
    /// nearest to the cell first (in index order among equals).
    private mutating func list(_ cell: Int) {
        let low = (Int32(cell >> 8) << 4, Int32((cell >> 4) & 15) << 4, Int32(cell & 15) << 4)
        let high = (low.0 + 15, low.1 + 15, low.2 + 15)
        func toBox(_ value: Int32, _ low: Int32, _ high: Int32) -> Int32 {
            value < low ? low - value : (value > high ? value - high : 0)
        }
        func toFarthest(_ value: Int32, _ low: Int32, _ high: Int32) -> Int32 { max(value - low, high - value) }
        var bound = Int32.max
        var nearestToBox = [Int32](repeating: 0, count: red.count)
        for entry in red.indices {
            let far = (toFarthest(red[entry], low.0, high.0), toFarthest(green[entry], low.1, high.1),
                       toFarthest(blue[entry], low.2, high.2))
            bound = min(bound, far.0 * far.0 + far.1 * far.1 + far.2 * far.2)
            let near = (toBox(red[entry], low.0, high.0), toBox(green[entry], low.1, high.1), toBox(blue[entry], low.2, high.2))
            nearestToBox[entry] = near.0 * near.0 + near.1 * near.1 + near.2 * near.2
        }
        let listed = red.indices.filter { nearestToBox[$0] <= bound }
            .sorted { (nearestToBox[$0], $0) < (nearestToBox[$1], $1) }
        cellStart[cell] = Int32(candidates.count)
        cellCount[cell] = Int32(listed.count)
        for entry in listed {
            candidates.append(UInt8(entry))
            candidateDistances.append(nearestToBox[entry])
        }
    }
}
