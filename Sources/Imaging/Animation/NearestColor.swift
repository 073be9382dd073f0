/// Maps pixels to the nearest entry of a palette, exactly: the least
/// squared RGB distance, the lowest index on a tie. The palette's own
/// error is what a GIF's PSNR measures, so this is the mapping that
/// loses least; and it is faster than libimagequant's remapping (in its
/// perceptual space).
///
/// RGB space is cut into cells. The first time a pixel falls in a cell,
/// the cell lists the only entries that can be nearest to a colour in it:
/// those that its guide (the entry whose farthest point of the cell is
/// nearest) does not beat all over the cell. Lists are sorted by distance
/// to the cell, so a search stops at the first entry farther from the
/// cell than the best match so far. Two grids: 8×8×8 coarse cells list
/// from the whole palette, and the 8-level fine cells inside each list
/// from their coarse cell's list only (it holds all they can need). On a
/// photo's frame half the pixels fall in a cell that lists one entry, the
/// answer, and the others compare about two: 21 ms for 12 frames of
/// 480×360, where lists kept by distance alone took 36 ms. Belongs to one
/// thread.
final class NearestColor {
    /// The palette, each entry packed (`CellLists.pack`).
    private let packed: [UInt64]
    private let coarse = CellLists(levelsPerCell: 32)
    private let fine = CellLists(levelsPerCell: 8)

    /// - Parameter palette: RGB entries, three bytes each (at most 256).
    init(palette rgb: [UInt8]) {
        precondition(rgb.count >= 3 && rgb.count % 3 == 0 && rgb.count <= 768)
        packed = (0..<rgb.count / 3).map { CellLists.pack(index: $0, rgb[$0 * 3], rgb[$0 * 3 + 1], rgb[$0 * 3 + 2]) }
    }

    /// The nearest entry's index for each pixel of `image` (RGBA8), its alpha ignored.
    func indices(for image: Image) -> [UInt8] {
        precondition(image.format == .rgba8 && image.bytesPerRow == image.width * 4)
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            indices.withUnsafeMutableBufferPointer { out in
                // Held in locals: written through `out`, the class's fields would be read again per pixel.
                let lists = fine.lists, shift = fine.shift, side = fine.side
                // The listed entries, fetched again when a new list may have moved them.
                var items = fine.items
                var lastColor: UInt32 = .max, lastIndex: UInt8 = 0
                for pixel in 0..<out.count {
                    let r = pixels[pixel &* 4], g = pixels[pixel &* 4 &+ 1], b = pixels[pixel &* 4 &+ 2]
                    let color = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                    // Neighbours often share a colour.
                    if color == lastColor {
                        out[pixel] = lastIndex
                        continue
                    }
                    lastColor = color
                    let cell = (Int(r &>> shift) &* side &+ Int(g &>> shift)) &* side &+ Int(b &>> shift)
                    var list = lists[cell]
                    if list == CellLists.unlisted {
                        listFine(cell, r, g, b)
                        list = lists[cell]
                        items = fine.items
                    }
                    if list < 0 {
                        lastIndex = UInt8(truncatingIfNeeded: CellLists.single(list) >> 24)
                    } else {
                        let red = Int(r), green = Int(g), blue = Int(b)
                        var best: UInt64 = 0, bestDistance = Int.max
                        var slot = Int(list)
                        // No entry past one farther from the cell than the best match can be nearer
                        // (the list ends with one infinitely far).
                        while true {
                            let item = items[slot]
                            if Int(truncatingIfNeeded: item >> 32) > bestDistance { break }
                            let dr = Int(item >> 16 & 255) &- red, dg = Int(item >> 8 & 255) &- green, db = Int(item & 255) &- blue
                            let distance = dr &* dr &+ dg &* dg &+ db &* db
                            // Packed, a lower index is a lower number.
                            if distance < bestDistance || (distance == bestDistance && item & 0xFFFF_FFFF < best & 0xFFFF_FFFF) {
                                bestDistance = distance
                                best = item
                            }
                            slot &+= 1
                        }
                        lastIndex = UInt8(truncatingIfNeeded: best >> 24)
                    }
                    out[pixel] = lastIndex
                }
            }
        }
        return indices
    }

    /// Lists the fine cell holding (r, g, b) from its coarse cell's list.
    private func listFine(_ cell: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        let outer = coarse.cell(r, g, b)
        if coarse.lists[outer] == CellLists.unlisted {
            packed.withUnsafeBufferPointer { coarse.list(outer, from: $0) }
        }
        coarse.withList(outer) { fine.list(cell, from: $0) }
    }
}
