import Catalog
import Files

/// An MBTiles file of vector tiles, read through SQLite read-only (and
/// immutable: nothing is written beside the user's file). Rows are TMS:
/// row 0 at the south, so an XYZ row is flipped.
final class MBTilesArchive: BasemapTiles, @unchecked Sendable {
    let path: String
    let minZoom: Int
    let maxZoom: Int
    let attribution: String
    let schema: BasemapSchema
    let metadata: BasemapMetadata

    private let database: Locked<Database>
    private let decoder: VectorTileDecoder

    init(path: String, limits: VectorTileDecoder.Limits = .init()) throws(BasemapError) {
        self.path = path
        decoder = VectorTileDecoder(limits: limits)
        let database: Database
        var values: [String: String] = [:]
        var zooms: (Int, Int)?
        do {
            database = try Database(path: path, mode: .readOnly(immutable: true))
            let tables = try database.rows("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").compactMap { $0[0].string }
            guard tables.contains("tiles") else { throw BasemapError(path: path, reason: "is an SQLite file without a tiles table") }
            if tables.contains("metadata") {
                for row in try database.rows("SELECT name, value FROM metadata") {
                    if let name = row[0].string, let value = row[1].string { values[name] = value }
                }
            }
            if let min = values["minzoom"].flatMap({ Int($0) }), let max = values["maxzoom"].flatMap({ Int($0) }) {
                zooms = (min, max)
            } else {
                let row = try database.rows("SELECT min(zoom_level), max(zoom_level) FROM tiles").first
                if let min = row?[0].int, let max = row?[1].int { zooms = (min, max) }
            }
        } catch let error as BasemapError {
            throw error
        } catch {
            let message = (error as? DatabaseError)?.message ?? "\(error)"
            throw BasemapError(path: path, reason: "cannot be read as MBTiles: \(message)")
        }
        if let format = values["format"], format != "pbf" {
            throw BasemapError(path: path, reason: "its tiles are \(format), not vector tiles (pbf)")
        }
        let (min, max) = zooms ?? (0, 0)
        guard min >= 0, min <= max, max <= PMTilesDirectory.largestZoom else {
            throw BasemapError(path: path, reason: "absurd zooms \(min)–\(max)")
        }
        var metadata = BasemapMetadata()
        if let json = values["json"] { metadata.read(json: json) }
        metadata.attribution = values["attribution"] ?? metadata.attribution
        metadata.name = values["name"]
        self.metadata = metadata
        self.database = Locked(database)
        minZoom = min
        maxZoom = max
        attribution = metadata.attributionText
        schema = metadata.schema
    }

    func tile(at address: TileAddress) throws(BasemapError) -> VectorTile? {
        guard let bytes = try tileBytes(at: address) else { return nil }
        do {
            return try decoder.decode(try TileInflater.inflate(bytes, TileInflater.Compression.sniffed(bytes)))
        } catch {
            throw BasemapError(path: path, reason: "tile \(address.zoom)/\(address.x)/\(address.y): " + error.reason)
        }
    }

    /// The tile's bytes as stored, nil when there is none.
    func tileBytes(at address: TileAddress) throws(BasemapError) -> [UInt8]? {
        guard address.zoom >= 0, address.zoom <= PMTilesDirectory.largestZoom else { return nil }
        let side = 1 << address.zoom
        guard address.x >= 0, address.x < side, address.y >= 0, address.y < side else { return nil }
        let arguments: [DatabaseValueConvertible] = [address.zoom, address.x, side - 1 - address.y]
        do {
            return try database.withLock { database throws(DatabaseError) -> [UInt8]? in
                let where_ = " FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3"
                guard let length = try database.value("SELECT length(tile_data)" + where_, arguments).int else { return nil }
                guard length <= Int(PMTilesArchive.largestBlob) else {
                    throw DatabaseError(code: .error, message: "a tile of \(length) bytes is too large")
                }
                switch try database.value("SELECT tile_data" + where_, arguments) {
                case .blob(let bytes): return bytes
                case .text(let text): return Array(text.utf8)
                default: return nil
                }
            }
        } catch {
            throw BasemapError(path: path, reason: "tile \(address.zoom)/\(address.x)/\(address.y) cannot be read: \(error.message)")
        }
    }
}
