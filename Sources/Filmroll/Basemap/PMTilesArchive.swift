import Files

/// A PMTiles v3 archive of vector tiles, read with `pread` a directory or a
/// tile at a time (never held whole). A bounded number of leaf directories
/// is cached. Every offset and length is checked against the file; leaf
/// directories nest at most `largestLeafDepth` deep (a cycle is an error).
final class PMTilesArchive: BasemapTiles, @unchecked Sendable {
    let path: String
    let minZoom: Int
    let maxZoom: Int
    let attribution: String
    let schema: BasemapSchema
    let header: PMTilesHeader
    let metadata: BasemapMetadata

    /// Leaf directories below the root, at most: the spec makes one level.
    static let largestLeafDepth = 4
    /// Leaf directories kept decoded.
    static let cachedDirectoryCount = 64
    /// The largest compressed directory or tile read.
    static let largestBlob: UInt64 = 16 << 20

    private let file: BasemapFile
    private let root: PMTilesDirectory
    private let decoder: VectorTileDecoder
    private let leafCache = Locked(DirectoryCache(capacity: PMTilesArchive.cachedDirectoryCount))

    init(path: String, limits: VectorTileDecoder.Limits = .init()) throws(BasemapError) {
        file = try BasemapFile(path: path)
        self.path = path
        decoder = VectorTileDecoder(limits: limits)
        let start = try file.read(offset: 0, length: min(UInt64(PMTilesHeader.size), file.size))
        do {
            header = try PMTilesHeader(start, fileSize: file.size)
        } catch {
            throw BasemapError(path: path, reason: error.reason)
        }
        guard let internalCompression = header.internalCompression.inflaterCompression else {
            throw BasemapError(path: path, reason: "its directories are compressed with \(header.internalCompression.name), which Filmroll cannot read")
        }
        guard header.tileCompression.inflaterCompression != nil || header.tileCompression == .unknown else {
            throw BasemapError(path: path, reason: "its tiles are compressed with \(header.tileCompression.name), which Filmroll cannot read")
        }
        root = try Self.readDirectory(file, header.rootDirectory, compression: internalCompression)
        var metadata = BasemapMetadata()
        if header.metadata.length > 0 {
            guard header.metadata.length <= Self.largestBlob else {
                throw BasemapError(path: path, reason: "its metadata of \(header.metadata.length) bytes is too large")
            }
            let compressed = try file.read(offset: header.metadata.offset, length: header.metadata.length)
            do {
                metadata.read(json: String(decoding: try TileInflater.inflate(compressed, internalCompression), as: UTF8.self))
            } catch {
                throw BasemapError(path: path, reason: "its metadata cannot be read: " + error.reason)
            }
        }
        self.metadata = metadata
        minZoom = header.minZoom
        maxZoom = header.maxZoom
        attribution = metadata.attributionText
        schema = metadata.schema
    }

    func tile(at address: TileAddress) throws(BasemapError) -> VectorTile? {
        guard let bytes = try tileBytes(at: address) else { return nil }
        do {
            let compression = header.tileCompression.inflaterCompression ?? TileInflater.Compression.sniffed(bytes)
            return try decoder.decode(try TileInflater.inflate(bytes, compression))
        } catch {
            throw BasemapError(path: path, reason: "tile \(address.zoom)/\(address.x)/\(address.y): " + error.reason)
        }
    }

    /// The tile's bytes as stored (compressed), nil when the archive has none there.
    func tileBytes(at address: TileAddress) throws(BasemapError) -> [UInt8]? {
        guard let tileID = PMTilesDirectory.tileID(address) else { return nil }
        var directory = root
        var depth = 0
        while true {
            guard let entry = directory.entry(containing: tileID) else { return nil }
            if entry.runLength > 0 {
                guard tileID - entry.tileID < UInt64(entry.runLength) else { return nil }
                return try read(entry, in: header.tileData, what: "tile \(address.zoom)/\(address.x)/\(address.y)")
            }
            depth += 1
            guard depth <= Self.largestLeafDepth else {
                throw BasemapError(path: path, reason: "its leaf directories nest deeper than \(Self.largestLeafDepth) (a cycle?)")
            }
            directory = try leafDirectory(entry)
        }
    }

    private func leafDirectory(_ entry: PMTilesDirectory.Entry) throws(BasemapError) -> PMTilesDirectory {
        let key = DirectoryCache.Key(offset: entry.offset, length: entry.length)
        if let cached = leafCache.withLock({ $0.directory(for: key) }) { return cached }
        let bytes = try read(entry, in: header.leafDirectories, what: "a leaf directory")
        let directory = try Self.parseDirectory(bytes, compression: header.internalCompression.inflaterCompression ?? .none, path: path)
        leafCache.withLock { $0.insert(directory, for: key) }
        return directory
    }

    /// An entry's bytes, which must lie inside `section`.
    private func read(_ entry: PMTilesDirectory.Entry, in section: PMTilesHeader.Section, what: String) throws(BasemapError) -> [UInt8] {
        let length = UInt64(entry.length)
        guard entry.offset <= section.length, length <= section.length - entry.offset else {
            throw BasemapError(path: path, reason: "\(what) (bytes \(entry.offset)+\(length)) lies outside its section")
        }
        guard length <= Self.largestBlob else {
            throw BasemapError(path: path, reason: "\(what) of \(length) bytes is too large")
        }
        return try file.read(offset: section.offset + entry.offset, length: length)
    }

    private static func readDirectory(_ file: BasemapFile, _ section: PMTilesHeader.Section,
                                      compression: TileInflater.Compression) throws(BasemapError) -> PMTilesDirectory {
        guard section.length <= largestBlob else {
            throw BasemapError(path: file.path, reason: "its root directory of \(section.length) bytes is too large")
        }
        return try parseDirectory(try file.read(offset: section.offset, length: section.length), compression: compression, path: file.path)
    }

    private static func parseDirectory(_ bytes: [UInt8], compression: TileInflater.Compression,
                                       path: String) throws(BasemapError) -> PMTilesDirectory {
        let inflated: [UInt8]
        do {
            inflated = try TileInflater.inflate(bytes, compression)
        } catch {
            throw BasemapError(path: path, reason: "a directory cannot be inflated: " + error.reason)
        }
        do {
            return try PMTilesDirectory(inflated)
        } catch {
            throw BasemapError(path: path, reason: error.reason)
        }
    }
}

/// The last leaf directories read, at most `capacity` of them and
/// `entryCapacity` entries in all (24 bytes each), the least recently used
/// dropped first.
struct DirectoryCache {
    struct Key: Hashable { var offset: UInt64; var length: UInt32 }

    let capacity: Int
    let entryCapacity: Int
    private var directories: [Key: (directory: PMTilesDirectory, used: UInt64)] = [:]
    private var entryCount = 0
    private var clock: UInt64 = 0

    init(capacity: Int, entryCapacity: Int = 400_000) {
        self.capacity = capacity
        self.entryCapacity = entryCapacity
    }

    mutating func directory(for key: Key) -> PMTilesDirectory? {
        guard let found = directories[key] else { return nil }
        clock += 1
        directories[key] = (found.directory, clock)
        return found.directory
    }

    mutating func insert(_ directory: PMTilesDirectory, for key: Key) {
        guard directory.entries.count <= entryCapacity else { return }
        while directories.count >= capacity || entryCount + directory.entries.count > entryCapacity,
              let oldest = directories.min(by: { $0.value.used < $1.value.used })?.key {
            entryCount -= directories[oldest]?.directory.entries.count ?? 0
            directories[oldest] = nil
        }
        clock += 1
        entryCount += directory.entries.count
        directories[key] = (directory, clock)
    }
}
