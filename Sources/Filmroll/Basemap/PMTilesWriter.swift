/// Writes PMTiles v3 directories and headers (uncompressed directories):
/// for tests that need archives no tool makes (leaf directories, broken
/// ones) and for the benchmark's large archive. Tiles are given in tile id
/// order, each with its length; their data follows the directories.
struct PMTilesWriter {
    /// Where each tile's bytes go in the tile data section, in tile id order.
    struct Tile {
        var tileID: UInt64
        var length: UInt32
    }

    /// A directory's bytes: count, tile id deltas, run lengths (1), lengths,
    /// offsets (0 for "right after the previous").
    static func directory(_ entries: [PMTilesDirectory.Entry]) -> [UInt8] {
        var out: [UInt8] = []
        appendVarint(UInt64(entries.count), to: &out)
        var last: UInt64 = 0
        for entry in entries {
            appendVarint(entry.tileID - last, to: &out)
            last = entry.tileID
        }
        for entry in entries { appendVarint(UInt64(entry.runLength), to: &out) }
        for entry in entries { appendVarint(UInt64(entry.length), to: &out) }
        for (index, entry) in entries.enumerated() {
            if index > 0, entries[index - 1].offset + UInt64(entries[index - 1].length) == entry.offset {
                appendVarint(0, to: &out)
            } else {
                appendVarint(entry.offset + 1, to: &out)
            }
        }
        return out
    }

    /// The header, root directory, metadata and leaf directories for `tiles`
    /// laid one after another in the tile data: everything of the file but
    /// the tile data, which is to follow it. With `leafSize`, the root points
    /// at leaf directories of that many entries each.
    static func prefix(tiles: [Tile], leafSize: Int?, metadata: String, minZoom: Int, maxZoom: Int,
                       tileCompression: PMTilesHeader.Compression) -> [UInt8] {
        var entries: [PMTilesDirectory.Entry] = []
        var offset: UInt64 = 0
        for tile in tiles {
            entries.append(.init(tileID: tile.tileID, offset: offset, length: tile.length, runLength: 1))
            offset += UInt64(tile.length)
        }
        var root: [UInt8]
        var leaves: [UInt8] = []
        if let leafSize, leafSize > 0 {
            var pointers: [PMTilesDirectory.Entry] = []
            var start = 0
            while start < entries.count {
                let chunk = Array(entries[start..<min(start + leafSize, entries.count)])
                let bytes = directory(chunk)
                pointers.append(.init(tileID: chunk[0].tileID, offset: UInt64(leaves.count), length: UInt32(bytes.count), runLength: 0))
                leaves += bytes
                start += leafSize
            }
            root = directory(pointers)
        } else {
            root = directory(entries)
        }
        let metadataBytes = Array(metadata.utf8)
        let rootOffset = UInt64(PMTilesHeader.size)
        let metadataOffset = rootOffset + UInt64(root.count)
        let leavesOffset = metadataOffset + UInt64(metadataBytes.count)
        let dataOffset = leavesOffset + UInt64(leaves.count)
        var header = [UInt8](repeating: 0, count: PMTilesHeader.size)
        header.replaceSubrange(0..<7, with: Array("PMTiles".utf8))
        header[7] = 3
        func put(_ value: UInt64, at position: Int) {
            for index in 0..<8 { header[position + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        }
        put(rootOffset, at: 8); put(UInt64(root.count), at: 16)
        put(metadataOffset, at: 24); put(UInt64(metadataBytes.count), at: 32)
        put(leavesOffset, at: 40); put(UInt64(leaves.count), at: 48)
        put(dataOffset, at: 56); put(offset, at: 64)
        put(UInt64(tiles.count), at: 72); put(UInt64(tiles.count), at: 80); put(UInt64(tiles.count), at: 88)
        header[96] = 1
        header[97] = PMTilesHeader.Compression.none.rawValue
        header[98] = tileCompression.rawValue
        header[99] = 1
        header[100] = UInt8(minZoom)
        header[101] = UInt8(maxZoom)
        return header + root + metadataBytes + leaves
    }

    /// A whole archive in memory: `tiles` (address and stored bytes) sorted by tile id.
    static func archive(_ tiles: [(TileAddress, [UInt8])], leafSize: Int? = nil, metadata: String = "{}",
                        tileCompression: PMTilesHeader.Compression = .gzip) -> [UInt8] {
        let sorted = tiles.compactMap { tile in PMTilesDirectory.tileID(tile.0).map { ($0, tile.1, tile.0.zoom) } }
            .sorted { $0.0 < $1.0 }
        let zooms = sorted.map(\.2)
        var out = prefix(tiles: sorted.map { Tile(tileID: $0.0, length: UInt32($0.1.count)) }, leafSize: leafSize,
                         metadata: metadata, minZoom: zooms.min() ?? 0, maxZoom: zooms.max() ?? 0,
                         tileCompression: tileCompression)
        for tile in sorted { out += tile.1 }
        return out
    }

    static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }
}
