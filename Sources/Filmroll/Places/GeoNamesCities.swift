import Imaging

/// Why the place data could not be loaded.
public struct PlaceDataError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
}

/// GeoNames' cities (CC BY 4.0), as compiled into Debian's libgeonames:
/// about 24,000 towns and cities of 15,000 people or more, and a few smaller
/// ones (Longyearbyen, some capitals).
enum GeoNamesCities {
    /// Every city libgeonames holds with a name and a usable position, as
    /// places at distance 0, countries by their common names.
    static func load() throws(PlaceDataError) -> [Place] {
        let cities: [CityRecord]
        do {
            cities = try CityDirectory.load()
        } catch {
            throw PlaceDataError(description: error.description)
        }
        // States and countries repeat thousands of times: each distinct one is stored once.
        var distinct: [String: String] = [:]
        func shared(_ text: String) -> String {
            if let known = distinct[text] { return known }
            distinct[text] = text
            return text
        }
        return cities.map { city in
            Place(name: city.name, state: shared(city.state),
                  country: shared(CountryNames.common(code: city.countryCode) ?? city.country), countryCode: shared(city.countryCode),
                  latitude: city.latitude, longitude: city.longitude)
        }
    }
}
