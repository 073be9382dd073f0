#if canImport(Glibc)
import Glibc
#endif

/// The library's places for the index's map: its photos' positions gathered
/// into clusters of `radiusKilometres` (a city and its outskirts; at the
/// world map's scale, one dot), each with the days taken there, so that the
/// index lists each place beside the map with links to its days.
///
/// A cluster is seeded by the first position (in date order) that no
/// earlier cluster holds; a position joins the first cluster whose seed lies
/// within the radius. Positions are looked up in a grid of quarter-degree
/// cells, so the work grows with the photos, not their square.
struct LibraryPlace: Sendable, Hashable {
    /// Where the cluster was seeded.
    var seed: GeoPoint
    /// The days with photos there, oldest first.
    var days: [DayDate]
    /// Its photos with a position.
    var photoCount: Int

    /// The place's name ("Helsinki, Finland"), else its coordinates.
    var name: String {
        let position = GPSCoordinate(latitude: seed.latitude, longitude: seed.longitude)
        return PlaceNamer().name(position)?.description ?? PhotoPage.coordinates(position)
    }
}

enum LibraryPlaces {
    static let radiusKilometres = 25.0
    /// Grid cells per degree.
    private static let cellsPerDegree = 4.0

    /// The clusters of `days`' positions (hidden ones are already off the
    /// routes), the most photographed first (ties: the most recent first).
    static func clusters(of days: [GalleryDay], radiusKilometres: Double = LibraryPlaces.radiusKilometres) -> [LibraryPlace] {
        let places = assigned(days, radiusKilometres: radiusKilometres).places
        return places.sorted { ($0.photoCount, $0.days.last ?? $0.days[0]) > ($1.photoCount, $1.days.last ?? $1.days[0]) }
    }

    /// The clusters in the order they were seeded, and for each day (in
    /// date order) how many of its positions fell in each cluster (by
    /// position in `places`).
    static func assigned(_ days: [GalleryDay], radiusKilometres: Double = LibraryPlaces.radiusKilometres)
        -> (places: [LibraryPlace], days: [(date: DayDate, counts: [Int: Int])]) {
        var places: [LibraryPlace] = []
        var cells: [Cell: [Int]] = [:]
        var dayCounts: [(date: DayDate, counts: [Int: Int])] = []
        for day in days.sorted(by: { $0.date < $1.date }) {
            var counts: [Int: Int] = [:]
            for point in day.route {
                let index = nearest(point, in: places, cells: cells, radius: radiusKilometres) ?? {
                    places.append(LibraryPlace(seed: point, days: [], photoCount: 0))
                    cells[Cell(point), default: []].append(places.count - 1)
                    return places.count - 1
                }()
                places[index].photoCount += 1
                counts[index, default: 0] += 1
                if places[index].days.last != day.date { places[index].days.append(day.date) }
            }
            if !counts.isEmpty { dayCounts.append((day.date, counts)) }
        }
        return (places, dayCounts)
    }

    /// The first cluster whose seed lies within `radius` kilometres of `point`.
    private static func nearest(_ point: GeoPoint, in places: [LibraryPlace], cells: [Cell: [Int]], radius radiusKilometres: Double) -> Int? {
        let centre = Cell(point)
        let latitudeReach = Int((radiusKilometres / 111.0 * cellsPerDegree).rounded(.up))
        let shrink = max(cos(GreatCircle.radians(min(89, abs(point.latitude) + radiusKilometres / 111.0))), 0.02)
        let longitudeReach = min(Int((radiusKilometres / (111.0 * shrink) * cellsPerDegree).rounded(.up)), Int(360 * cellsPerDegree))
        var found: Int?
        for row in (centre.row - latitudeReach)...(centre.row + latitudeReach) {
            for column in (centre.column - longitudeReach)...(centre.column + longitudeReach) {
                let wrapped = ((column % 1440) + 1440) % 1440
                for index in cells[Cell(row: row, column: wrapped)] ?? [] where index < (found ?? .max) {
                    let seed = places[index].seed
                    if GreatCircle.kilometres(seed.latitude, seed.longitude, point.latitude, point.longitude) <= radiusKilometres {
                        found = index
                    }
                }
            }
        }
        return found
    }

    private struct Cell: Hashable {
        var row: Int
        var column: Int

        init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }

        init(_ point: GeoPoint) {
            row = Int((point.latitude * LibraryPlaces.cellsPerDegree).rounded(.down))
            column = ((Int((point.longitude * LibraryPlaces.cellsPerDegree).rounded(.down)) % 1440) + 1440) % 1440
        }
    }
}
