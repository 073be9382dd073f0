/// The 127-byte header of a PMTiles v3 archive: where its sections are and
/// how its tiles are compressed. Parsing checks that every section lies
/// inside the file.
struct PMTilesHeader: Sendable, Hashable {
    static let size = 127

    /// A section of the file: offset and length in bytes.
    struct Section: Sendable, Hashable {
        var offset: UInt64
        var length: UInt64
    }

    /// PMTiles' compression codes.
    enum Compression: UInt8, Sendable {
        case unknown = 0, none = 1, gzip = 2, brotli = 3, zstd = 4
    }

    var rootDirectory: Section
    var metadata: Section
    var leafDirectories: Section
    var tileData: Section
    var internalCompression: Compression
    var tileCompression: Compression
    /// 1 = MVT; 2–5 are raster tiles.
    var tileType: UInt8
    var minZoom: Int
    var maxZoom: Int

    /// Reads and checks the header at the start of `bytes`, for a file of `fileSize` bytes.
    init(_ bytes: [UInt8], fileSize: UInt64) throws(VectorTileDecodingError) {
        guard bytes.count >= Self.size else { throw VectorTileDecodingError(reason: "too short for a PMTiles header (\(bytes.count) bytes)") }
        guard Array(bytes[0..<7]) == Array("PMTiles".utf8) else { throw VectorTileDecodingError(reason: "no PMTiles magic") }
        guard bytes[7] == 3 else { throw VectorTileDecodingError(reason: "PMTiles version \(bytes[7]), not 3") }
        func word(_ at: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[at + index]) << (8 * UInt64(index)) }
            return value
        }
        func section(_ at: Int, _ name: String) throws(VectorTileDecodingError) -> Section {
            let section = Section(offset: word(at), length: word(at + 8))
            guard section.offset <= fileSize, section.length <= fileSize - section.offset else {
                throw VectorTileDecodingError(reason: "its \(name) (bytes \(section.offset)+\(section.length)) lies outside the file (\(fileSize) bytes)")
            }
            return section
        }
        rootDirectory = try section(8, "root directory")
        metadata = try section(24, "metadata")
        leafDirectories = try section(40, "leaf directories")
        tileData = try section(56, "tile data")
        guard let internalCompression = Compression(rawValue: bytes[97]), let tileCompression = Compression(rawValue: bytes[98]) else {
            throw VectorTileDecodingError(reason: "unknown compression \(bytes[97]), \(bytes[98])")
        }
        self.internalCompression = internalCompression
        self.tileCompression = tileCompression
        tileType = bytes[99]
        minZoom = Int(bytes[100])
        maxZoom = Int(bytes[101])
        guard tileType == 1 || tileType == 0 else { throw VectorTileDecodingError(reason: "its tiles are not vector tiles (type \(tileType))") }
        guard maxZoom <= PMTilesDirectory.largestZoom, minZoom <= maxZoom else {
            throw VectorTileDecodingError(reason: "absurd zooms \(minZoom)–\(maxZoom)")
        }
        guard rootDirectory.length > 0 else { throw VectorTileDecodingError(reason: "its root directory is empty") }
    }
}

extension PMTilesHeader.Compression {
    /// The inflater's compression, or nil for one Filmroll cannot read (brotli, zstd).
    var inflaterCompression: TileInflater.Compression? {
        switch self {
        case .none: TileInflater.Compression.none
        case .gzip: .gzip
        case .unknown, .brotli, .zstd: nil
        }
    }

    var name: String {
        switch self {
        case .unknown: "unknown"
        case .none: "none"
        case .gzip: "gzip"
        case .brotli: "brotli"
        case .zstd: "zstd"
        }
    }
}
