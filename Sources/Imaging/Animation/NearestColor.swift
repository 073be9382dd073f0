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
/// photo's frame one pixel in seven falls in a cell that lists one
/// entry, the answer; for the others a list's first four entries are
/// compared at once, branch-free, which settles nearly all of them (a
/// tenth off the GIF encoder's time on the 48 corpus frames, against a
/// loop that stops at the first entry too far). Lists kept by distance
/// alone, without the guide, took 36 ms for 12 frames of 480×360 where
/// the guide's took 21 (measured before the four-at-once comparison).
/// Belongs to one thread.
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
                        lastIndex = Self.nearest(in: items + Int(list), r, g, b)
                    }
                    out[pixel] = lastIndex
                }
            }
        }
        return indices
    }

    /// The nearest entry to (r, g, b) of the list at `list`: its first
    /// `CellLists.lookahead` slots are compared at once, without a branch
    /// per entry (slots past the list's end are other lists' entries, also
    /// palette colours, or ends, which never win: comparing more of the
    /// palette cannot change the least distance and lowest index); the
    /// rest, if the list goes on, one by one until one is farther from the
    /// cell than the best match.
    @inline(__always)
    private static func nearest(in list: UnsafeMutablePointer<UInt64>, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let slots = UnsafeRawPointer(list).loadUnaligned(as: SIMD4<UInt64>.self)
        let dr = SIMD4<Int32>(truncatingIfNeeded: slots &>> 16 & 255) &- Int32(r)
        let dg = SIMD4<Int32>(truncatingIfNeeded: slots &>> 8 & 255) &- Int32(g)
        let db = SIMD4<Int32>(truncatingIfNeeded: slots & 255) &- Int32(b)
        // Distance, then index, in one key (a distance is below 2^18).
        var keys = (dr &* dr &+ dg &* dg &+ db &* db) &<< 8 | SIMD4<Int32>(truncatingIfNeeded: slots &>> 24 & 255)
        let ends = SIMD4<Int32>(truncatingIfNeeded: slots &>> 32) .== -1
        keys.replace(with: .max, where: ends)
        var best = keys.min()
        if any(ends) { return UInt8(truncatingIfNeeded: best) }
        var slot = CellLists.lookahead
        while true {
            let item = list[slot]
            // The end is farther from the cell than any entry.
            if item >> 32 > UInt64(best >> 8) { break }
            let er = Int32(truncatingIfNeeded: item >> 16 & 255) &- Int32(r)
            let eg = Int32(truncatingIfNeeded: item >> 8 & 255) &- Int32(g)
            let eb = Int32(truncatingIfNeeded: item & 255) &- Int32(b)
            best = min(best, (er &* er &+ eg &* eg &+ eb &* eb) &<< 8 | Int32(truncatingIfNeeded: item >> 24 & 255))
            slot &+= 1
        }
        return UInt8(truncatingIfNeeded: best)
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
