#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A marker of the index's map and its entry in the place list beside it:
/// the library's places (`LibraryPlaces`) that fall close together at the
/// map's scale, merged into one.
struct LibraryMapMarker: Sendable, Hashable {
    /// The places merged, the most photographed first: the marker stands on the first's seed and takes its name.
    var places: [LibraryPlace]
    /// The days with photos at any of them, oldest first.
    var days: [DayDate]
    var photoCount: Int
    /// Its entry's id in the index's place list ("place-3").
    var anchor: String

    var position: GeoPoint { places[0].seed }

    /// "Helsinki, Finland", or "Helsinki, Finland and 2 places nearby".
    func name(_ locale: GalleryLocale) -> String {
        locale.mergedPlaceName(places[0].name, others: places.count - 1)
    }

    /// "Helsinki, Finland: 12 days": the marker's link's name.
    func label(_ locale: GalleryLocale) -> String { name(locale) + ": " + locale.dayCount(days.count) }
}

enum LibraryMapMarkers {
    /// Places whose seeds fall within this many pixels of a marker's merge into it.
    static let mergePixels = 18.0

    /// The markers of `days`' places on `frame`, the most visited first
    /// (ties: the most recently visited first).
    /// - Parameter placeKilometres: the places' radius (`LibraryPlaces`): less than a city's on a city's map.
    static func markers(of days: [GalleryDay], frame: MapFrame,
                        placeKilometres: Double = LibraryPlaces.radiusKilometres) -> [LibraryMapMarker] {
        var markers: [(at: (x: Double, y: Double), places: [LibraryPlace])] = []
        for place in LibraryPlaces.clusters(of: days, radiusKilometres: placeKilometres) {
            let at = frame.position(place.seed)
            if let index = markers.firstIndex(where: { hypot($0.at.x - at.x, $0.at.y - at.y) <= mergePixels }) {
                markers[index].places.append(place)
            } else {
                markers.append((at, [place]))
            }
        }
        let merged = markers.map { marker in
            LibraryMapMarker(places: marker.places, days: Array(Set(marker.places.flatMap(\.days))).sorted(),
                             photoCount: marker.places.reduce(0) { $0 + $1.photoCount }, anchor: "")
        }.sorted { ($0.days.count, $0.days.last!, $0.photoCount) > ($1.days.count, $1.days.last!, $1.photoCount) }
        return merged.enumerated().map { index, marker in
            var marker = marker
            marker.anchor = "place-\(index + 1)"
            return marker
        }
    }

    /// The marker's radius in pixels: larger with more days.
    static func radius(days: Int) -> Double { min(20, 7 + 2 * log2(Double(max(1, days)))) }
}
