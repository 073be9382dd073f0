#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// For `filmroll-bench shore-map`: day maps drawn without a basemap, from
/// GSHHG's shorelines (`Shorelines.installed`), timed. One map at a named
/// place (in a fresh process: the file opened and its bins read on the
/// clock), or many days' maps about the named places in one run, as a
/// gallery draws them.
public enum ShoreMapTiming {
    /// The places timed: a walk in central Helsinki, a day across Seoul's
    /// Han, a day out into the Stockholm archipelago (tens of thousands of
    /// islands), and a day on Lake Geneva.
    static let places: [(name: String, route: [GeoPoint])] = [
        ("helsinki", route([(60.1675, 24.9470), (60.1679, 24.9523), (60.1685, 24.9600), (60.1669, 24.9676)])),
        ("seoul", route([(37.5796, 126.9770), (37.5512, 126.9882), (37.5172, 127.0473)])),
        ("stockholm", route([(59.3290, 18.0680), (59.40, 18.60)])),
        ("geneva", route([(46.2044, 6.1432), (46.2100, 6.1600)])),
    ]

    /// The places' names.
    public static var placeNames: [String] { places.map(\.name) }

    /// Whether GSHHG's shoreline file is installed.
    public static var isInstalled: Bool { Shorelines.installed.isPresent }

    /// The seconds and bytes of the map of the place named `name`; nil for no such place.
    public static func drawPlace(_ name: String) -> (seconds: Double, bytes: Int)? {
        guard let place = places.first(where: { $0.name == name }) else { return nil }
        return timed { MapDrawing.day(place.route, title: place.name) }
    }

    /// `days` maps of 2…12 photos each about the places in turn (seeded):
    /// each map's seconds in order, and the largest map's bytes.
    public static func drawDays(_ days: Int, seed: UInt64 = 39) -> (seconds: [Double], largestBytes: Int) {
        var random = SeededRandom(seed: seed)
        var seconds: [Double] = [], largest = 0
        func next() -> Double { random.unit() }
        for day in 0..<days {
            let start = places[day % places.count].route[0]
            var latitude = start.latitude, longitude = start.longitude
            let count = 2 + Int(next() * 11), reach = 0.002 + next() * 0.03
            let route = (0..<count).map { _ in
                latitude += (next() - 0.5) * reach
                longitude += (next() - 0.5) * reach * 2
                return GeoPoint(latitude: latitude, longitude: longitude)
            }
            let map = timed { MapDrawing.day(route, title: "Map") }
            seconds.append(map.seconds)
            largest = max(largest, map.bytes)
        }
        return (seconds, largest)
    }

    private static func timed(_ draw: () -> String?) -> (seconds: Double, bytes: Int) {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let svg = draw()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return (Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9, svg?.utf8.count ?? 0)
    }

    private static func route(_ points: [(Double, Double)]) -> [GeoPoint] { points.map { GeoPoint(latitude: $0.0, longitude: $0.1) } }
}
