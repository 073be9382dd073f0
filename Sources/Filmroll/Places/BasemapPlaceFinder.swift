import Files

/// What a basemap's place and boundary layers call a position: the
/// neighbourhood, town, region and country it lies in; nil where the
/// basemap says nothing.
struct BasemapPlaces: Sendable, Hashable {
    var neighbourhood: String?
    var town: String?
    var region: String?
    var country: String?
    var countryCode: String?
}

/// Names positions from a basemap's `place`/`places` points and
/// `boundary`/`boundaries` lines (OpenMapTiles or Protomaps).
///
/// Vector tiles carry no administrative areas, only their boundary lines
/// and a point for each place. A position lies in a place of a level when
/// the straight path from it to the place's point crosses no boundary line
/// that parts places of that level (`PlaceLevel.partingAdminLevel`): of
/// the places of a level in the position's tile and the eight round it,
/// the nearest so reached names it. So a photo near a district's edge takes
/// the district it is in, not the one whose centre is nearer; where the
/// tiles have no boundaries (many cities have no neighbourhood areas in
/// OSM, Protomaps' extracts may leave them out), the nearest place. A
/// neighbourhood is looked for no farther than three times its nearest's
/// distance (or a quarter tile): where OSM maps only some districts'
/// boundaries, a far point reached round a gap is more likely wrong than
/// right, and no neighbourhood is better than a wrong one.
///
/// Tiles are summarised once (`PlaceTileSummary`) and the last
/// `cacheSize` summaries kept, so a run naming thousands of photos in a
/// city reads a few dozen tiles. Thread-safe.
final class BasemapPlaceFinder: Sendable {
    let tiles: any BasemapTiles
    private let cache = Locked(Cache())

    private struct Cache {
        var summaries: [TileAddress: PlaceTileSummary] = [:]
        var order: [TileAddress] = []
    }

    /// How many tile summaries are kept (four levels' nine tiles fit with room).
    static let cacheSize = 96
    /// At most so many of a level's nearest places are tried; past them the level is unnamed.
    static let candidateLimit = 32

    init(_ tiles: any BasemapTiles) { self.tiles = tiles }

    /// The places `latitude`, `longitude` (degrees) lies in.
    func places(latitude: Double, longitude: Double) -> BasemapPlaces {
        var found = BasemapPlaces()
        guard GreatCircle.isUsable(latitude: latitude, longitude: longitude), abs(latitude) < 85.05 else { return found }
        for level in PlaceLevel.allCases {
            guard let place = place(at: level, latitude: latitude, longitude: longitude) else { continue }
            switch level {
            case .neighbourhood: found.neighbourhood = place.name
            case .town: found.town = place.name
            case .region: found.region = place.name
            case .country:
                found.country = place.name
                found.countryCode = place.countryCode
            }
        }
        return found
    }

    /// The place of `level` the position lies in, if the tiles round it hold one.
    func place(at level: PlaceLevel, latitude: Double, longitude: Double) -> PlaceTileSummary.Place? {
        let zoom = min(tiles.maxZoom, max(tiles.minZoom, level.zoom))
        let count = 1 << zoom
        let position = PlaceTileSummary.Point(x: TileProjection.worldX(longitude) * Double(count),
                                              y: TileProjection.worldY(latitude) * Double(count))
        let column = min(count - 1, Int(position.x)), row = min(count - 1, Int(position.y))
        var summaries: [PlaceTileSummary] = []
        for y in (row - 1)...(row + 1) where y >= 0 && y < count {
            for x in (column - 1)...(column + 1) where x >= 0 && x < count {
                summaries.append(summary(at: TileAddress(zoom: zoom, x: x, y: y)))
            }
        }
        func distance(_ place: PlaceTileSummary.Place) -> Double {
            let dx = place.point.x - position.x, dy = place.point.y - position.y
            return dx * dx + dy * dy
        }
        let candidates = summaries.flatMap { $0.places.filter { $0.level == level } }
            .sorted { (distance($0), $0.name) < (distance($1), $1.name) }
        // OSM's neighbourhood boundaries are patchy: past the reach of its nearest, a neighbourhood's point is
        // more likely beyond a boundary the tiles lack than round one. Towns, regions and countries have theirs.
        let reach = level == .neighbourhood ? candidates.first.map { max(9 * distance($0), 0.0625) } ?? 0 : .infinity
        for candidate in candidates.prefix(Self.candidateLimit) where distance(candidate) <= reach {
            let parted = summaries.contains {
                $0.crossesBoundary(from: position, to: candidate.point, upTo: level.partingAdminLevel)
            }
            if !parted { return candidate }
        }
        return nil
    }

    /// The summary of the tile at `address`, read once; a tile missing or unreadable is empty.
    private func summary(at address: TileAddress) -> PlaceTileSummary {
        if let kept = cache.withLock({ $0.summaries[address] }) { return kept }
        let summary: PlaceTileSummary
        if let tile = try? tiles.tile(at: address) {
            summary = PlaceTileSummary(tile, at: address, schema: tiles.schema)
        } else {
            summary = PlaceTileSummary()
        }
        cache.withLock { cache in
            if cache.summaries.updateValue(summary, forKey: address) == nil { cache.order.append(address) }
            if cache.order.count > Self.cacheSize { cache.summaries[cache.order.removeFirst()] = nil }
        }
        return summary
    }
}
