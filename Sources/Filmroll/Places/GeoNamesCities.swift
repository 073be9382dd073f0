import Imaging

/// Why the place data could not be loaded.
public struct PlaceDataError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
}

/// GeoNames' cities1000 (CC BY 4.0), built into the program
/// (`Scripts/make-place-data.py`, CImaging/data/places.bin): about 144,500
/// towns and cities of 1,000 people or more, with their region and district.
enum GeoNamesCities {
    /// Every town the data holds with a name and a usable position, as
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
            Place(name: city.name, state: shared(city.state), district: shared(city.district),
                  country: shared(CountryNames.common(code: city.countryCode) ?? city.country), countryCode: shared(city.countryCode),
                  latitude: city.latitude, longitude: city.longitude)
        }
    }
}
