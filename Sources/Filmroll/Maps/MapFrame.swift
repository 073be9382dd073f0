#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A map's window on the world: an equirectangular view of `bounds`,
/// longitudes narrowed by the cosine of the middle latitude so that shapes
/// look right, fitted to `width` pixels.
struct MapFrame {
    let bounds: GeoBounds
    let width: Double
    let height: Double
    private let scale: Double
    private let narrowing: Double

    /// A frame around `bounds`, its height following their shape within
    /// `aspects` (height ÷ width); the bounds grow to fill it.
    init(around bounds: GeoBounds, width: Double, aspects: ClosedRange<Double>) {
        let middle = (bounds.south + bounds.north) / 2
        narrowing = max(0.05, cos(middle * .pi / 180))
        var spanX = max(1e-6, (bounds.east - bounds.west) * narrowing), spanY = max(1e-6, bounds.north - bounds.south)
        let aspect = min(aspects.upperBound, max(aspects.lowerBound, spanY / spanX))
        // Widen whichever way is short of the aspect, about the centre.
        if spanY / spanX < aspect { spanY = spanX * aspect } else { spanX = spanY / aspect }
        let centre = GeoPoint(latitude: middle, longitude: (bounds.west + bounds.east) / 2)
        self.bounds = GeoBounds(south: centre.latitude - spanY / 2, west: centre.longitude - spanX / narrowing / 2,
                                north: centre.latitude + spanY / 2, east: centre.longitude + spanX / narrowing / 2)
        self.width = width
        height = (width * aspect).rounded()
        scale = width / spanX
    }

    /// Where `point` falls, in pixels from the top left.
    func position(_ point: GeoPoint) -> (x: Double, y: Double) {
        ((point.longitude - bounds.west) * narrowing * scale, (bounds.north - point.latitude) * scale)
    }

    /// Pixels per kilometre at the middle of the frame (a degree of latitude is 111.2 km).
    var pixelsPerKilometre: Double { scale / 111.2 }
}
