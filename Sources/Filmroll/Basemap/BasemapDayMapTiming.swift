#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// For `filmroll-bench basemap-map`: day maps drawn from a basemap, timed:
/// from a PMTiles or MBTiles file (opened before the clock starts; its
/// tiles read and decoded on the clock, kept as a gallery keeps them), or
/// from a city made up in memory (a grid of named streets every 60 m, four
/// buildings a block, a park and a shore, in OpenMapTiles' schema).
public enum BasemapDayMapTiming {
    /// Draws `days` maps of 3…20 photos each about central Helsinki (seeded),
    /// returning each map's seconds in order and the largest map's bytes;
    /// the reason when the file cannot be opened.
    public static func drawDays(_ days: Int, basemapPath: String? = nil, seed: UInt64 = 39) -> Result<(seconds: [Double], largestBytes: Int), BasemapTimingError> {
        let tiles: any BasemapTiles
        if let basemapPath {
            do { tiles = try Basemap.open(path: basemapPath) } catch { return .failure(BasemapTimingError(description: error.description)) }
        } else {
            tiles = SyntheticCity(around: GeoPoint(latitude: 60.1690, longitude: 24.9440))
        }
        let basemap = GalleryBasemap(tiles)
        var random = SeededRandom(seed: seed)
        var seconds: [Double] = [], largest = 0
        func next() -> Double { random.unit() }
        for _ in 0..<days {
            let count = 3 + Int(next() * 18)
            var latitude = 60.166 + next() * 0.010, longitude = 24.937 + next() * 0.014
            var stops: [BasemapDayMap.Stop] = []
            for index in 0..<count {
                latitude += (next() - 0.5) * 0.002
                longitude += (next() - 0.5) * 0.004
                stops.append(BasemapDayMap.Stop(position: GeoPoint(latitude: latitude, longitude: longitude), link: "../photos/2025/P\(index).html"))
            }
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            let outcome = BasemapDayMap.draw(stops, title: "Map", width: 640, height: 480, basemap: basemap)
            clock_gettime(CLOCK_MONOTONIC, &end)
            seconds.append(Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
            largest = max(largest, outcome.svg?.utf8.count ?? 0)
        }
        return .success((seconds, largest))
    }
}

/// Why the timing could not start.
public struct BasemapTimingError: Error, CustomStringConvertible {
    public var description: String
}

/// A made-up city in OpenMapTiles' schema at zoom 14, its tiles made once.
struct SyntheticCity: BasemapTiles {
    let path = "/synthetic/city.mbtiles"
    let minZoom = 0, maxZoom = 14
    let attribution = "© OpenStreetMap contributors"
    let schema = BasemapSchema.openMapTiles
    private let tiles: [TileAddress: VectorTile]

    init(around centre: GeoPoint) {
        let count = Double(1 << 14)
        let x = Int(TileProjection.worldX(centre.longitude) * count), y = Int(TileProjection.worldY(centre.latitude) * count)
        var tiles: [TileAddress: VectorTile] = [:]
        for row in (y - 2)...(y + 2) {
            for column in (x - 2)...(x + 2) {
                tiles[TileAddress(zoom: 14, x: column, y: row)] = Self.tile(column: column, row: row)
            }
        }
        self.tiles = tiles
    }

    func tile(at address: TileAddress) throws(BasemapError) -> VectorTile? { tiles[address] }

    private static func tile(column: Int, row: Int) -> VectorTile {
        let step: Int32 = 256
        var roads: [VectorTileFeature] = [], names: [VectorTileFeature] = [], buildings: [VectorTileFeature] = []
        for index in 0...16 {
            let at = Int32(index) * step
            let kind = index % 4 == 0 ? "secondary" : "minor"
            // A gentle wave, so lines have points to thin.
            let across = stride(from: Int32(-64), through: 4160, by: 64).map { TilePoint(x: $0, y: at + Int32(8 * sin(Double($0) / 300))) }
            let down = stride(from: Int32(-64), through: 4160, by: 64).map { TilePoint(x: at + Int32(8 * sin(Double($0) / 300)), y: $0) }
            for (line, name) in [(across, "Katu \(row * 16 + index)"), (down, "Tie \(column * 16 + index)")] {
                roads.append(VectorTileFeature(kind: .line, parts: [line], properties: ["class": .string(kind)]))
                names.append(VectorTileFeature(kind: .line, parts: [line], properties: ["class": .string(kind), "name": .string(name)]))
            }
        }
        for blockX in 0..<16 {
            for blockY in 0..<16 {
                for (dx, dy) in [(24, 24), (136, 24), (24, 136), (136, 136)] as [(Int32, Int32)] {
                    let left = Int32(blockX) * step + dx, top = Int32(blockY) * step + dy
                    buildings.append(VectorTileFeature(kind: .polygon, parts: [[
                        TilePoint(x: left, y: top), TilePoint(x: left + 96, y: top), TilePoint(x: left + 96, y: top + 96),
                        TilePoint(x: left, y: top + 96), TilePoint(x: left, y: top),
                    ]], properties: [:]))
                }
            }
        }
        let park = VectorTileFeature(kind: .polygon, parts: [[TilePoint(x: 600, y: 600), TilePoint(x: 1400, y: 600), TilePoint(x: 1400, y: 1200),
                                                             TilePoint(x: 600, y: 1200), TilePoint(x: 600, y: 600)]], properties: ["class": .string("park")])
        var shore: [TilePoint] = stride(from: Int32(-64), through: 4160, by: 32).map { TilePoint(x: $0, y: 3500 + Int32(120 * sin(Double($0) / 200))) }
        shore += [TilePoint(x: 4160, y: 4160), TilePoint(x: -64, y: 4160)]
        let water = VectorTileFeature(kind: .polygon, parts: [shore], properties: ["class": .string("sea")])
        let place = VectorTileFeature(kind: .point, parts: [[TilePoint(x: 2048, y: 2048)]],
                                      properties: ["class": .string("neighbourhood"), "name": .string("Kortteli \(column)-\(row)")])
        return VectorTile(layers: [
            VectorTileLayer(name: "water", extent: 4096, features: [water]),
            VectorTileLayer(name: "park", extent: 4096, features: [park]),
            VectorTileLayer(name: "transportation", extent: 4096, features: roads),
            VectorTileLayer(name: "transportation_name", extent: 4096, features: names),
            VectorTileLayer(name: "building", extent: 4096, features: buildings),
            VectorTileLayer(name: "place", extent: 4096, features: [place]),
        ])
    }
}
