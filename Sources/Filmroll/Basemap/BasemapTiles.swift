/// A basemap the user supplies (`process --basemap FILE`): a PMTiles or
/// MBTiles archive of vector tiles, giving each tile decoded.
protocol BasemapTiles: Sendable {
    /// The file it reads, for messages.
    var path: String { get }
    var minZoom: Int { get }
    var maxZoom: Int { get }
    /// The data's attribution ("© OpenStreetMap contributors").
    var attribution: String { get }
    /// Whose layer names and kinds the tiles use.
    var schema: BasemapSchema { get }
    /// The tile at `address`, decoded; nil when the archive has none there.
    func tile(at address: TileAddress) throws(BasemapError) -> VectorTile?
}

/// The vector tile schemas Filmroll draws.
enum BasemapSchema: String, Sendable, Hashable {
    /// OpenMapTiles (tilemaker, planetiler): water, waterway, landcover,
    /// landuse, park, transportation, transportation_name, building, place, boundary.
    case openMapTiles
    /// Protomaps' basemap: earth, water, landuse, landcover, roads, buildings, places, boundaries, pois.
    case protomaps
}

/// Why a basemap could not be read: one line naming the file and the reason.
struct BasemapError: Error, Sendable, Hashable, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
}
