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
        // Regions, districts and countries come shared from CityDirectory; codes are small strings, held inline.
        return cities.map { city in
            Place(name: city.name, state: city.state, district: city.district,
                  country: CountryNames.common(code: city.countryCode) ?? city.country, countryCode: city.countryCode,
                  latitude: city.latitude, longitude: city.longitude)
        }
    }
}
