/// map.svg: the library's places (`MapDrawing.library`), when some photo
/// has a position. Its key is made from the places as the map merges them
/// (a quarter of a degree each way), so photos that fall on a dot already
/// drawn change only its count.
struct LibraryMapFile: PageRendering {
    /// In date order.
    var days: [GalleryDay]
    var options: GalleryOptions

    let path = GalleryPaths.libraryMap
    let mark = GalleryMark.svg

    var key: String {
        var counts: [GeoPoint: Int] = [:]
        for day in days {
            for point in day.route { counts[Self.spot(latitude: point.latitude, longitude: point.longitude), default: 0] += 1 }
        }
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add(counts.count)
        for (spot, count) in counts.sorted(by: { ($0.key.latitude, $0.key.longitude) < ($1.key.latitude, $1.key.longitude) }) {
            fingerprint.add(spot.latitude)
            fingerprint.add(spot.longitude)
            fingerprint.add(count)
        }
        return fingerprint.key
    }

    var text: String { MapDrawing.library(days.flatMap(\.route), title: options.locale.libraryMapDescription) ?? "" }

    /// The dot a position falls on, as `MapDrawing.library` rounds it.
    static func spot(latitude: Double, longitude: Double) -> GeoPoint {
        GeoPoint(latitude: (latitude * 4).rounded() / 4, longitude: (longitude * 4).rounded() / 4)
    }
}
