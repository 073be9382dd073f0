/// What naming needs of one tile: its named places and its administrative
/// boundary lines, in the tile grid's units at the tile's zoom (tile
/// (x, y) spans x…x+1, y…y+1; y down). Much smaller than the tile, so
/// many are kept between lookups.
struct PlaceTileSummary: Sendable {
    /// A point in tile units.
    struct Point: Sendable, Hashable {
        var x: Double
        var y: Double
    }

    /// A named place; only those whose point lies in the tile proper (not
    /// its buffer), so a place of several tiles is counted once.
    struct Place: Sendable, Hashable {
        var level: PlaceLevel
        var name: String
        /// ISO 3166-1 alpha-2 of a country, when the tile says it.
        var countryCode: String?
        var point: Point
    }

    /// A boundary line and its bounding box.
    struct Boundary: Sendable {
        var adminLevel: Int
        var points: [Point]
        var minX: Double, minY: Double, maxX: Double, maxY: Double
    }

    var places: [Place] = []
    var boundaries: [Boundary] = []

    /// At most so many places and boundary points are kept of a tile (a
    /// hostile tile's millions stay bounded in memory and in lookup time);
    /// a real tile holds tens of places and some thousands of points.
    static let placeLimit = 2_000
    static let boundaryPointLimit = 50_000

    /// An empty summary: no tile there, or one that could not be read.
    init() {}

    init(_ tile: VectorTile, at address: TileAddress, schema: BasemapSchema) {
        let placeLayer = schema == .openMapTiles ? "place" : "places"
        let boundaryLayer = schema == .openMapTiles ? "boundary" : "boundaries"
        if let layer = tile.layer(placeLayer) {
            let extent = Double(layer.extent)
            for feature in layer.features where feature.kind == .point && places.count < Self.placeLimit {
                guard let level = Self.level(of: feature, schema: schema) else { continue }
                let english = level == .region || level == .country
                guard let name = english ? feature.englishName : feature.labelName else { continue }
                for part in feature.parts {
                    guard let first = part.first, first.x >= 0, first.y >= 0,
                          Double(first.x) < extent, Double(first.y) < extent else { continue }
                    let point = Point(x: Double(address.x) + Double(first.x) / extent, y: Double(address.y) + Double(first.y) / extent)
                    let code = level == .country ? (feature.properties["iso_a2"]?.string).flatMap { $0.count == 2 ? $0 : nil } : nil
                    places.append(Place(level: level, name: name, countryCode: code, point: point))
                }
            }
        }
        if let layer = tile.layer(boundaryLayer) {
            let extent = Double(layer.extent)
            var budget = Self.boundaryPointLimit
            for feature in layer.features where feature.kind == .line {
                guard let adminLevel = Self.adminLevel(of: feature) else { continue }
                for part in feature.parts where part.count > 1 && part.count <= budget {
                    budget -= part.count
                    let points = part.map { Point(x: Double(address.x) + Double($0.x) / extent, y: Double(address.y) + Double($0.y) / extent) }
                    let xs = points.map(\.x), ys = points.map(\.y)
                    boundaries.append(Boundary(adminLevel: adminLevel, points: points, minX: xs.min()!, minY: ys.min()!,
                                               maxX: xs.max()!, maxY: ys.max()!))
                }
            }
        }
    }

    private static func level(of feature: VectorTileFeature, schema: BasemapSchema) -> PlaceLevel? {
        switch schema {
        case .openMapTiles:
            return feature.properties["class"]?.string.flatMap(PlaceLevel.init(openMapTilesClass:))
        case .protomaps:
            return (feature.properties["kind"] ?? feature.properties["pmap:kind"])?.string.flatMap(PlaceLevel.init(protomapsKind:))
        }
    }

    /// OpenMapTiles' `admin_level`; Protomaps' `kind_detail` (the level as
    /// a number) or older `pmap:min_admin_level`, else its `kind`.
    static func adminLevel(of feature: VectorTileFeature) -> Int? {
        for key in ["admin_level", "kind_detail", "pmap:min_admin_level", "min_admin_level"] {
            switch feature.properties[key] {
            case .int(let value)?: return Int(clamping: value)
            case .double(let value)? where value.isFinite && abs(value) < 1000: return Int(value)
            case .string(let text)?: if let value = Int(text) { return value }
            default: break
            }
        }
        switch (feature.properties["kind"] ?? feature.properties["pmap:kind"])?.string {
        case "country"?: return 2
        case "region"?: return 4
        case "county"?: return 6
        case "locality"?: return 8
        default: return nil
        }
    }

    /// Whether the straight path from `a` to `b` crosses one of the
    /// boundaries of `adminLevel` or under.
    func crossesBoundary(from a: Point, to b: Point, upTo adminLevel: Int) -> Bool {
        let minX = min(a.x, b.x), maxX = max(a.x, b.x), minY = min(a.y, b.y), maxY = max(a.y, b.y)
        for boundary in boundaries where boundary.adminLevel <= adminLevel {
            guard boundary.maxX >= minX, boundary.minX <= maxX, boundary.maxY >= minY, boundary.minY <= maxY else { continue }
            for (c, d) in zip(boundary.points, boundary.points.dropFirst()) where Self.segmentsCross(a, b, c, d) {
                return true
            }
        }
        return false
    }

    /// Whether segments ab and cd cross (touching at an end does not count).
    static func segmentsCross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        let d1 = side(c, d, a), d2 = side(c, d, b), d3 = side(a, b, c), d4 = side(a, b, d)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }
}

extension VectorTileFeature {
    /// A country's or region's name in English when the tile has it (`name:en`, `name_en`), else its label name.
    var englishName: String? {
        for key in ["name:en", "name_en"] {
            if let text = properties[key]?.string, !text.isEmpty { return text }
        }
        return labelName
    }
}
