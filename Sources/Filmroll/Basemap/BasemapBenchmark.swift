#if canImport(Glibc)
import Glibc
#endif

/// What `filmroll-bench basemap` needs of the basemap readers, public so
/// the benchmark can call it: writing a large PMTiles archive from a small
/// one's tiles, and reading tiles from an archive.
public enum BasemapBenchmark {
    /// Writes `target`: a PMTiles archive of `count` z14 tiles on a square
    /// grid from (0, 0), each a copy of one of `source`'s tiles (read at the
    /// `sourceAddresses` zoom/x/y given as triples), with leaf directories of
    /// `leafSize` entries. Returns the file's size.
    public static func writeRepeatedArchive(from source: String, sourceAddresses: [(Int, Int, Int)], to target: String,
                                            count: Int, leafSize: Int = 4096) throws -> UInt64 {
        let archive = try PMTilesArchive(path: source)
        let stored = try sourceAddresses.compactMap { try archive.tileBytes(at: TileAddress(zoom: $0.0, x: $0.1, y: $0.2)) }
        guard !stored.isEmpty, count > 0 else { throw BasemapError(path: source, reason: "has none of the tiles asked for") }
        let tiles = gridAddresses(count: count).enumerated().map { index, address in
            (id: PMTilesDirectory.tileID(address)!, bytes: index % stored.count)
        }.sorted { $0.id < $1.id }
        let prefix = PMTilesWriter.prefix(tiles: tiles.map { .init(tileID: $0.id, length: UInt32(stored[$0.bytes].count)) },
                                          leafSize: leafSize, metadata: #"{"vector_layers":[{"id":"transportation"}]}"#,
                                          minZoom: 14, maxZoom: 14, tileCompression: .gzip)
        guard let file = fopen(target, "wb") else { throw BasemapError(path: target, reason: "cannot be written") }
        defer { fclose(file) }
        var size = UInt64(prefix.count)
        guard fwrite(prefix, 1, prefix.count, file) == prefix.count else { throw BasemapError(path: target, reason: "cannot be written") }
        for tile in tiles {
            let bytes = stored[tile.bytes]
            guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw BasemapError(path: target, reason: "cannot be written") }
            size += UInt64(bytes.count)
        }
        return size
    }

    /// The z14 addresses of a `count`-tile archive written by `writeRepeatedArchive`.
    public static func gridAddressTriples(count: Int) -> [(Int, Int, Int)] {
        gridAddresses(count: count).map { ($0.zoom, $0.x, $0.y) }
    }

    static func gridAddresses(count: Int) -> [TileAddress] {
        var side = 1
        while side * side < count { side += 1 }
        return (0..<count).map { TileAddress(zoom: 14, x: $0 % side, y: $0 / side) }
    }

    /// Opens `path` and decodes the tile at each address: the tiles found
    /// and the features they hold.
    public static func read(path: String, addresses: [(Int, Int, Int)]) throws -> (tiles: Int, features: Int) {
        let basemap = try Basemap.open(path: path)
        var tiles = 0, features = 0
        for (zoom, x, y) in addresses {
            guard let tile = try basemap.tile(at: TileAddress(zoom: zoom, x: x, y: y)) else { continue }
            tiles += 1
            features += tile.layers.reduce(0) { $0 + $1.features.count }
        }
        return (tiles, features)
    }
}
