import Files

/// Opening a user's basemap file by what it holds, not by its name.
enum Basemap {
    /// A PMTiles v3 archive ("PMTiles" magic) or an MBTiles file (an SQLite
    /// database) of vector tiles; any other file is a `BasemapError`.
    static func open(path: String, limits: VectorTileDecoder.Limits = .init()) throws(BasemapError) -> any BasemapTiles {
        let file = try BasemapFile(path: path)
        let start = try file.read(offset: 0, length: min(16, file.size))
        if start.starts(with: Array("PMTiles".utf8)) { return try PMTilesArchive(path: path, limits: limits) }
        if start.starts(with: Array("SQLite format 3\0".utf8)) { return try MBTilesArchive(path: path, limits: limits) }
        if start.isEmpty { throw BasemapError(path: path, reason: "is empty") }
        throw BasemapError(path: path, reason: "is neither a PMTiles nor an MBTiles file")
    }
}
