/// Names the town or city nearest to a GPS position, offline: GeoNames'
/// cities1000 (CC BY 4.0, built into the program) in a grid of 1° cells.
///
///     ReverseGeocoder.shared.place(near: gps)?.description   // "Seoul, South Korea"
public final class ReverseGeocoder: Sendable {
    /// The geocoder over the built-in towns, loaded on first use (once, from any thread).
    /// When the data cannot be loaded it knows no place, and `loadFailure` says why.
    public static let shared = ReverseGeocoder.loadingGeoNames()

    /// Nothing farther than this is named: the position is at sea, or far from any town.
    public static let maximumDistanceKilometres = 150.0

    /// Every place known, at distance 0.
    public let places: PlaceList
    /// Why `places` is empty, when the data could not be loaded.
    public let loadFailure: PlaceDataError?
    let grid: PlaceGrid

    /// A geocoder over the places given (their `distanceKilometres` is ignored);
    /// places with an unusable position are left out.
    public convenience init(places: [Place]) {
        let isUsable = { (place: Place) in GreatCircle.isUsable(latitude: place.latitude, longitude: place.longitude) }
        self.init(places: PlaceList(places.allSatisfy(isUsable) ? places : places.filter(isUsable)),
                  loadFailure: nil)
    }

    /// Indexes `places`; a place with an unusable position is kept in the list and left out of the index.
    init(places: PlaceList, loadFailure: PlaceDataError?) {
        self.places = places
        self.loadFailure = loadFailure
        self.grid = PlaceGrid(count: places.count) { places.position(at: $0) }
    }

    static func loadingGeoNames() -> ReverseGeocoder {
        do {
            return ReverseGeocoder(places: PlaceList(try GeoNamesCities.load()), loadFailure: nil)
        } catch {
            return ReverseGeocoder(places: PlaceList([]), loadFailure: error)
        }
    }

    /// The place nearest to `position`, with its distance; nil when none lies
    /// within `maximumDistanceKilometres`, or the position is not one (NaN,
    /// off the globe, or exactly 0, 0, which a GPS without a fix writes).
    public func place(near position: GPSCoordinate) -> Place? {
        let latitude = position.latitude, longitude = position.longitude
        guard GreatCircle.isUsable(latitude: latitude, longitude: longitude) else { return nil }
        let maximumAngle = Self.maximumDistanceKilometres / GreatCircle.earthRadiusKilometres
        guard let found = grid.nearest(latitude: latitude, longitude: longitude, within: maximumAngle) else { return nil }
        var place = places[found.index]
        place.distanceKilometres = GreatCircle.kilometres(latitude, longitude, place.latitude, place.longitude)
        return place
    }

    /// The bytes the spatial index takes (cells and unit vectors; the places' own records are apart).
    public var indexMemoryBytes: Int { grid.memoryBytes }
}
