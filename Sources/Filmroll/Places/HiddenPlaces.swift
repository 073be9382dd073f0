import Imaging

/// A place whose photos' positions are kept private (`--hide-places-near
/// LAT,LON,KM`): a home, a school. Positions within `kilometres` of it (great-circle distance)
/// are left off every map, page and listing; the catalog keeps them.
public struct HiddenPlace: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var kilometres: Double

    public init(latitude: Double, longitude: Double, kilometres: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.kilometres = kilometres
    }

    /// Reads "LAT,LON,KM" (degrees north and east, a radius in kilometres).
    /// - Throws: a sentence saying what is wrong with the text.
    public init(parsing text: String) throws(HiddenPlaceError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()) }
        guard parts.count == 3, !parts.contains(where: \.isEmpty) else {
            throw HiddenPlaceError("takes LAT,LON,KM (three numbers separated by commas), not '\(text)'")
        }
        guard let latitude = Double(parts[0]), latitude.isFinite, abs(latitude) <= 90 else {
            throw HiddenPlaceError("latitude '\(parts[0])' is not a number from -90 to 90")
        }
        guard let longitude = Double(parts[1]), longitude.isFinite, abs(longitude) <= 180 else {
            throw HiddenPlaceError("longitude '\(parts[1])' is not a number from -180 to 180")
        }
        guard let kilometres = Double(parts[2]), kilometres.isFinite, kilometres > 0, kilometres <= 20_000 else {
            throw HiddenPlaceError("radius '\(parts[2])' is not a number of kilometres above 0 (up to 20000)")
        }
        self.init(latitude: latitude, longitude: longitude, kilometres: kilometres)
    }

    /// Whether a position (degrees) lies within the radius.
    public func contains(latitude: Double, longitude: Double) -> Bool {
        GreatCircle.kilometres(self.latitude, self.longitude, latitude, longitude) <= kilometres
    }

    /// "LAT,LON,KM" as given, as it is remembered and said.
    public var text: String { "\(Self.number(latitude)),\(Self.number(longitude)),\(Self.number(kilometres))" }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// Why a `--hide-places-near` value was refused.
public struct HiddenPlaceError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// The hidden places of a folder: what hides a photo's position.
public struct HiddenPlaces: Sendable, Hashable {
    public var places: [HiddenPlace]

    public init(_ places: [HiddenPlace] = []) { self.places = places }

    public var isEmpty: Bool { places.isEmpty }

    /// Whether a position (degrees) lies within some hidden place.
    public func hides(latitude: Double, longitude: Double) -> Bool {
        places.contains { $0.contains(latitude: latitude, longitude: longitude) }
    }

    /// Whether `gps` is hidden.
    public func hides(_ gps: GPSCoordinate?) -> Bool {
        guard let gps else { return false }
        return hides(latitude: gps.latitude, longitude: gps.longitude)
    }

    /// `gps` as the outputs show it: nil within a hidden place.
    public func shown(_ gps: GPSCoordinate?) -> GPSCoordinate? { hides(gps) ? nil : gps }

    /// The places as the catalog remembers them: "LAT,LON,KM" separated by ";".
    public var settingText: String { places.map(\.text).joined(separator: ";") }

    /// The places from `settingText`; a part that does not read is left out (never fails a run).
    public init(settingText: String?) {
        self.init((settingText ?? "").split(separator: ";").compactMap { try? HiddenPlace(parsing: String($0)) })
    }
}
