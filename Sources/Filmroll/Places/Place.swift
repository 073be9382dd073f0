/// A town or city near a position, from GeoNames' cities1000 data.
public struct Place: Sendable, Hashable, CustomStringConvertible {
    /// "Seoul".
    public var name: String
    /// The first-level division (state, province, region): "Illinois"; "" when the data has none.
    public var state: String
    /// The second-level division (county, district, sub-region): "Cook County"; "" when the data has none.
    public var district: String
    /// The country's common English name: "South Korea".
    public var country: String
    /// ISO 3166-1 alpha-2: "KR"; "" when the data has none.
    public var countryCode: String
    /// The place's own position, in degrees.
    public var latitude: Double
    public var longitude: Double
    /// Great-circle distance from the position asked about, in kilometres.
    public var distanceKilometres: Double

    public init(name: String, state: String, district: String = "", country: String, countryCode: String,
                latitude: Double, longitude: Double, distanceKilometres: Double = 0) {
        self.name = name
        self.state = state
        self.district = district
        self.country = country
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.distanceKilometres = distanceKilometres
    }

    /// "Seoul, South Korea", "Springfield, Illinois, United States": the state
    /// only when it is not the place's own name.
    public var description: String {
        var parts = [name]
        if !state.isEmpty && state != name { parts.append(state) }
        if !country.isEmpty && country != name { parts.append(country) }
        return parts.joined(separator: ", ")
    }
}
