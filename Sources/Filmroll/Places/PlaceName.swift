/// A position named as people name it: "Kaartinkaupunki, Helsinki,
/// Uusimaa, Finland". Each part is "" when unknown.
public struct PlaceName: Sendable, Hashable, CustomStringConvertible {
    /// The neighbourhood, suburb or quarter (only from a basemap).
    public var neighbourhood: String
    /// The city, town or village.
    public var town: String
    /// The second-level division (county, district): "Cook County".
    public var district: String
    /// The first-level division (state, province, region): "Illinois".
    public var region: String
    /// The country's common English name.
    public var country: String
    /// ISO 3166-1 alpha-2.
    public var countryCode: String

    public init(neighbourhood: String = "", town: String, district: String = "", region: String = "",
                country: String = "", countryCode: String = "") {
        self.neighbourhood = neighbourhood
        self.town = town
        self.district = district
        self.region = region
        self.country = country
        self.countryCode = countryCode
    }

    /// A built-in town's name: no neighbourhood.
    init(_ place: Place) {
        self.init(town: place.name, district: place.district, region: place.state, country: place.country,
                  countryCode: place.countryCode)
    }

    /// The countries whose towns people name with their district: in the
    /// United Kingdom the first-level division is England, Scotland, Wales
    /// or Northern Ireland, and the county ("Reading, Berkshire") is what
    /// says where a town is. Elsewhere the region does ("Springfield,
    /// Illinois", not "Springfield, Sangamon County, Illinois").
    static let districtNamed: Set<String> = ["GB"]

    /// The parts said, smallest first, none empty or said twice.
    public var parts: [String] {
        let district = Self.districtNamed.contains(countryCode) ? self.district : ""
        var said: [String] = []
        for part in [neighbourhood, town, district, region, country] where !part.isEmpty && !said.contains(part) {
            said.append(part)
        }
        return said
    }

    /// "Kaartinkaupunki, Helsinki, Uusimaa, Finland"; "Seoul, South Korea".
    public var description: String { parts.joined(separator: ", ") }
}
