/// One decoded Mapbox Vector Tile (MVT 2.1): its layers, each feature's
/// geometry in tile coordinates (0..<extent, y down) and its properties.
/// A value type: nothing in it points back at the file it came from.
struct VectorTile: Sendable, Hashable {
    var layers: [VectorTileLayer]

    /// The layer named `name` ("water", "transportation", …), if any.
    func layer(_ name: String) -> VectorTileLayer? { layers.first { $0.name == name } }
}

/// One layer of a tile.
struct VectorTileLayer: Sendable, Hashable {
    var name: String
    /// Tile coordinates run 0..<extent (4096 by default).
    var extent: Int
    var features: [VectorTileFeature]
}

/// One feature of a layer.
struct VectorTileFeature: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case point, line, polygon }
    var kind: Kind
    /// Points: one part per point; lines: one part per line string;
    /// polygons: rings, each exterior ring followed by its holes.
    var parts: [[TilePoint]]
    var properties: [String: VectorTileValue]
}

/// A point in tile coordinates (it may lie outside 0..<extent, in the tile's buffer).
struct TilePoint: Sendable, Hashable {
    var x: Int32
    var y: Int32
}

/// A property's value.
enum VectorTileValue: Sendable, Hashable {
    case string(String)
    case double(Double)
    case int(Int64)
    case bool(Bool)

    var string: String? { if case .string(let text) = self { text } else { nil } }
}

/// Where a tile is: zoom, column, row (XYZ: row 0 at the north).
struct TileAddress: Sendable, Hashable {
    var zoom: Int
    var x: Int
    var y: Int
}
