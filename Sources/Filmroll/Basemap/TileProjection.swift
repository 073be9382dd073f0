#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A day map's window on Web Mercator: the frame's size in pixels, its
/// top-left corner and scale in world units (the whole world is 1 × 1,
/// y down), and the zoom of the tiles drawn into it.
struct TileProjection: Sendable, Hashable {
    let width: Double
    let height: Double
    /// The frame's top left, in world units.
    let left: Double
    let top: Double
    /// Pixels per world unit (256 · 2^zoom at a display zoom).
    let scale: Double
    /// The zoom of the tiles read.
    let tileZoom: Int

    /// Street level: the closest a day map comes (a single photo's map).
    static let closestZoom = 16.0

    /// A `width` × `height` frame fitted to `points` with a quarter of the
    /// route's size as margin each way, no closer than street level
    /// (`closestZoom`); tiles from `zooms` (the archive's), about one tile
    /// pixel to two of the frame's.
    init(fitting points: [GeoPoint], width: Double, height: Double, zooms: ClosedRange<Int>) {
        let xs = points.map { Self.worldX($0.longitude) }, ys = points.map { Self.worldY($0.latitude) }
        let minX = xs.min() ?? 0.5, maxX = xs.max() ?? 0.5, minY = ys.min() ?? 0.5, maxY = ys.max() ?? 0.5
        let spanX = (maxX - minX) * 1.5, spanY = (maxY - minY) * 1.5
        let closest = 256 * pow(2, Self.closestZoom)
        let scale = min(closest, width / max(spanX, 1e-12), height / max(spanY, 1e-12))
        self.init(centreX: (minX + maxX) / 2, centreY: (minY + maxY) / 2, scale: scale, width: width, height: height, zooms: zooms)
    }

    init(centreX: Double, centreY: Double, scale: Double, width: Double, height: Double, zooms: ClosedRange<Int>) {
        self.width = width
        self.height = height
        self.scale = scale
        left = centreX - width / scale / 2
        top = centreY - height / scale / 2
        // Vector tiles are drawn at 512 px a tile: zoom z fits a scale of 512 · 2^z.
        let ideal = Int((log2(scale / 512)).rounded())
        tileZoom = min(zooms.upperBound, max(zooms.lowerBound, ideal))
    }

    /// Web Mercator x of a longitude, 0 (180° W) … 1 (180° E).
    static func worldX(_ longitude: Double) -> Double { (longitude + 180) / 360 }

    /// Web Mercator y of a latitude, 0 (85.05° N) … 1 (85.05° S).
    static func worldY(_ latitude: Double) -> Double {
        let clamped = min(85.0511, max(-85.0511, latitude)) * .pi / 180
        return (1 - log(tan(clamped) + 1 / cos(clamped)) / .pi) / 2
    }

    /// Where `point` falls, in pixels from the top left.
    func position(_ point: GeoPoint) -> (x: Double, y: Double) {
        ((Self.worldX(point.longitude) - left) * scale, (Self.worldY(point.latitude) - top) * scale)
    }

    /// The tiles at `tileZoom` that cover the frame, row by row, each with
    /// its column unwrapped (left of 0 or past the last west of 180° E).
    var tiles: [(address: TileAddress, column: Int)] {
        let count = 1 << tileZoom
        let size = 1 / Double(count)
        let firstX = Int((left / size).rounded(.down)), lastX = Int(((left + width / scale) / size).rounded(.down))
        let firstY = max(0, Int((top / size).rounded(.down))), lastY = min(count - 1, Int(((top + height / scale) / size).rounded(.down)))
        guard firstY <= lastY, lastX - firstX < 64, lastY - firstY < 64 else { return [] }
        var addresses: [(address: TileAddress, column: Int)] = []
        for y in firstY...lastY {
            for x in firstX...lastX { addresses.append((TileAddress(zoom: tileZoom, x: ((x % count) + count) % count, y: y), x)) }
        }
        return addresses
    }

    /// How a tile's coordinates (0..<extent) map to the frame's pixels: x · factor + offset.
    func placement(of address: TileAddress, extent: Int, column: Int? = nil) -> TilePlacement {
        let size = 1 / Double(1 << address.zoom)
        let factor = size * scale / Double(max(1, extent))
        return TilePlacement(factor: factor, offsetX: (Double(column ?? address.x) * size - left) * scale,
                             offsetY: (Double(address.y) * size - top) * scale)
    }

    /// Metres per pixel at the frame's middle.
    var metresPerPixel: Double {
        let middleY = top + height / scale / 2
        let latitude = atan(sinh(.pi * (1 - 2 * middleY)))
        return 40_075_016.686 * cos(latitude) / scale
    }
}

/// A tile's place in the frame: pixel = tile coordinate · factor + offset.
struct TilePlacement: Sendable, Hashable {
    var factor: Double
    var offsetX: Double
    var offsetY: Double

    func pixel(_ point: TilePoint) -> MapPixel {
        MapPixel(x: Double(point.x) * factor + offsetX, y: Double(point.y) * factor + offsetY)
    }
}

/// A point in a map's pixels, from the top left.
struct MapPixel: Sendable, Hashable {
    var x: Double
    var y: Double
}
