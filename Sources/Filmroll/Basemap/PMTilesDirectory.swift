/// One directory of a PMTiles v3 archive (root or leaf): entries sorted by
/// tile id, each a run of tiles in the tile data or (run length 0) a leaf
/// directory in the leaf directories section.
struct PMTilesDirectory: Sendable, Hashable {
    /// One entry: the tile ids `tileID..<tileID + runLength` share the bytes
    /// at `offset`; a run length of 0 points at a leaf directory.
    struct Entry: Sendable, Hashable {
        var tileID: UInt64
        var offset: UInt64
        var length: UInt32
        var runLength: UInt32
    }

    /// The deepest zoom PMTiles tile ids can carry here (4^31 fits in 64 bits).
    static let largestZoom = 30
    /// Entries in one directory: real ones hold a few thousand.
    static let largestEntryCount = 1_000_000

    var entries: [Entry]

    /// Parses an inflated directory: a count, then the tile id deltas, run
    /// lengths, lengths and offsets, each as a column of varints (an offset
    /// of 0 after the first entry means "right after the previous entry").
    init(_ bytes: [UInt8]) throws(VectorTileDecodingError) {
        do {
            entries = try bytes.withUnsafeBufferPointer { buffer throws(ProtobufReader.Malformed) in
                var reader = ProtobufReader(buffer)
                let count = try reader.varint()
                // Each entry takes at least four bytes, one per column.
                guard count <= UInt64(Self.largestEntryCount), count <= UInt64(buffer.count) / 4 else {
                    throw ProtobufReader.Malformed(reason: "a directory of \(count) entries in \(buffer.count) bytes")
                }
                var entries = [Entry](repeating: Entry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
                var tileID: UInt64 = 0
                for index in entries.indices {
                    let (sum, overflow) = tileID.addingReportingOverflow(try reader.varint())
                    guard !overflow else { throw ProtobufReader.Malformed(reason: "a tile id overflows") }
                    tileID = sum
                    entries[index].tileID = tileID
                }
                for index in entries.indices {
                    guard let run = UInt32(exactly: try reader.varint()) else { throw ProtobufReader.Malformed(reason: "a run length overflows") }
                    entries[index].runLength = run
                }
                for index in entries.indices {
                    guard let length = UInt32(exactly: try reader.varint()), length > 0 else {
                        throw ProtobufReader.Malformed(reason: "an entry's length is 0 or overflows")
                    }
                    entries[index].length = length
                }
                for index in entries.indices {
                    let value = try reader.varint()
                    if value == 0 && index > 0 {
                        let previous = entries[index - 1]
                        let (sum, overflow) = previous.offset.addingReportingOverflow(UInt64(previous.length))
                        guard !overflow else { throw ProtobufReader.Malformed(reason: "an offset overflows") }
                        entries[index].offset = sum
                    } else {
                        guard value > 0 else { throw ProtobufReader.Malformed(reason: "the first entry's offset is 0") }
                        entries[index].offset = value - 1
                    }
                }
                return entries
            }
        } catch {
            throw VectorTileDecodingError(reason: "a directory is malformed: " + error.reason)
        }
    }

    /// The entry with the largest tile id ≤ `tileID`, if any.
    func entry(containing tileID: UInt64) -> Entry? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].tileID <= tileID { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : entries[low - 1]
    }

    /// The Hilbert-curve tile id of a tile: the count of tiles at every
    /// shallower zoom, plus the tile's place along the zoom's Hilbert curve.
    /// Nil when the address lies outside its zoom or the zoom is past 30.
    static func tileID(_ address: TileAddress) -> UInt64? {
        let zoom = address.zoom
        guard zoom >= 0, zoom <= largestZoom else { return nil }
        let side = 1 << zoom
        guard address.x >= 0, address.x < side, address.y >= 0, address.y < side else { return nil }
        var id = ((UInt64(1) << (2 * UInt64(zoom))) - 1) / 3
        var x = UInt64(address.x)
        var y = UInt64(address.y)
        var level = zoom - 1
        while level >= 0 {
            let s = UInt64(1) << UInt64(level)
            let rx: UInt64 = x & s != 0 ? 1 : 0
            let ry: UInt64 = y & s != 0 ? 1 : 0
            id += ((3 * rx) ^ ry) * s * s
            // Rotate the quadrant.
            if ry == 0 {
                if rx == 1 {
                    x = s - 1 - (x & (s - 1))
                    y = s - 1 - (y & (s - 1))
                }
                swap(&x, &y)
            }
            x &= s - 1
            y &= s - 1
            level -= 1
        }
        return id
    }
}
