import Imaging
import Catalog

/// The one way every output names a position (photo pages and their day's
/// place line, `show`, `ls --json`): the folder's basemap, when it has
/// one, for the neighbourhood, town, region and country the position lies
/// in (`BasemapPlaceFinder`); GeoNames' cities1000 (`ReverseGeocoder`) for
/// every part the basemap does not give, and for all of them without one.
/// A position in a hidden place (`--hide-places-near`) has no name.
public struct PlaceNamer: Sendable {
    let finder: BasemapPlaceFinder?
    public let hidden: HiddenPlaces
    let geocoder: ReverseGeocoder

    init(finder: BasemapPlaceFinder?, hidden: HiddenPlaces = HiddenPlaces(), geocoder: ReverseGeocoder = .shared) {
        self.finder = finder
        self.hidden = hidden
        self.geocoder = geocoder
    }

    /// Names from the built-in towns only.
    public init(hidden: HiddenPlaces = HiddenPlaces()) { self.init(finder: nil, hidden: hidden) }

    /// The namer of a `process` run: the basemap it opened, its hidden places.
    init(_ options: ProcessOptions) {
        self.init(finder: options.gallery.basemap?.placeFinder, hidden: options.hiddenPlaces)
    }

    /// A namer over the basemap at `path` (PMTiles or MBTiles).
    /// - Throws: a sentence naming the file and why it cannot be read.
    public static func opening(basemap path: String, hidden: HiddenPlaces = HiddenPlaces()) throws -> PlaceNamer {
        PlaceNamer(finder: BasemapPlaceFinder(try Basemap.open(path: path)), hidden: hidden)
    }

    /// The namer for a catalogued folder: its remembered basemap and hidden
    /// places. A basemap that is gone or unreadable is passed over (the
    /// built-in towns name the positions; `process` is what warns of it).
    public static func remembered(folder: String, catalog: Catalog) throws(DatabaseError) -> PlaceNamer {
        let hidden = try FolderSettings.remembered(in: catalog)
        let path = try FolderSettings.rememberedBasemap(in: catalog, folder: folder)
        let tiles = path.flatMap { try? Basemap.open(path: $0) }
        return PlaceNamer(finder: tiles.map(BasemapPlaceFinder.init), hidden: hidden)
    }

    /// The name of `position`; nil when it is hidden, unusable, or far from
    /// any town the basemap or the built-in data knows.
    public func name(_ position: GPSCoordinate?) -> PlaceName? {
        guard let position, !hidden.hides(position) else { return nil }
        let latitude = position.latitude, longitude = position.longitude
        guard GreatCircle.isUsable(latitude: latitude, longitude: longitude) else { return nil }
        let town = geocoder.place(near: position)
        guard let finder else { return town.map(PlaceName.init) }
        let found = finder.places(latitude: latitude, longitude: longitude)
        guard found.town != nil || found.neighbourhood != nil || town != nil else { return nil }
        var name = town.map(PlaceName.init) ?? PlaceName(town: "")
        name.neighbourhood = found.neighbourhood ?? ""
        if let basemapTown = found.town { name.town = basemapTown }
        if let region = found.region { name.region = region }
        if let country = found.country, country != name.country {
            name.country = country
            name.countryCode = found.countryCode ?? ""
        } else if let code = found.countryCode {
            name.countryCode = code
        }
        return name
    }
}
