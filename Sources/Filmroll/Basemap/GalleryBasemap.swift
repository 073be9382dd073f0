#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The basemap a gallery's day maps are drawn from (`GalleryOptions.basemap`):
/// the opened archive, known by its path, size and modification time (so a
/// changed file redraws every map), keeping the tiles it last gave (a
/// library's days mostly share a city's) and the first failure, for the
/// caller to report once.
final class GalleryBasemap: BasemapTiles, Hashable, @unchecked Sendable {
    let tiles: any BasemapTiles
    /// Path, byte size and modification time: what a page key holds.
    let identity: String
    /// Names positions from the same archive, with its own cache (`PlaceNamer`).
    let placeFinder: BasemapPlaceFinder
    private let state = Locked(State())

    private struct State {
        var cache: [TileAddress: VectorTile?] = [:]
        var order: [TileAddress] = []
        var failure: BasemapError?
        var skippedTiles = 0
    }

    /// How many decoded tiles are kept.
    static let cacheSize = 48

    init(_ tiles: any BasemapTiles) {
        self.tiles = tiles
        placeFinder = BasemapPlaceFinder(tiles)
        var status = stat()
        if stat(tiles.path, &status) == 0 {
            identity = "\(tiles.path)\n\(status.st_size)\n\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        } else {
            identity = tiles.path
        }
    }

    var path: String { tiles.path }
    var minZoom: Int { tiles.minZoom }
    var maxZoom: Int { tiles.maxZoom }
    var attribution: String { tiles.attribution }
    var schema: BasemapSchema { tiles.schema }

    func tile(at address: TileAddress) throws(BasemapError) -> VectorTile? {
        if let kept = state.withLock({ $0.cache[address] }) { return kept }
        let tile = try tiles.tile(at: address)
        state.withLock { state in
            if state.cache.updateValue(tile, forKey: address) == nil { state.order.append(address) }
            if state.order.count > Self.cacheSize { state.cache[state.order.removeFirst()] = nil }
        }
        return tile
    }

    /// The first failure of the basemap while drawing (nil: none); the caller prints it once.
    var failure: BasemapError? { state.withLock { $0.failure } }

    /// How many tiles failed to decode and were left out of maps.
    var skippedTiles: Int { state.withLock { $0.skippedTiles } }

    /// Notes what drawing a map met.
    func record(_ outcome: BasemapDayMap.Outcome) {
        state.withLock { state in
            state.skippedTiles += outcome.skippedTiles
            if state.failure == nil { state.failure = outcome.failure }
        }
    }

    static func == (a: GalleryBasemap, b: GalleryBasemap) -> Bool { a.identity == b.identity }
    func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}
