import Imaging

/// Why the place data could not be loaded.
public struct PlaceDataError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
}

/// GeoNames' cities1000 (CC BY 4.0), built into the program
/// (`Scripts/make-place-data.py`, CImaging/data/places.bin): about 144,500
/// towns and cities of 1,000 people or more, with their region and district.
enum GeoNamesCities {
    /// The built-in towns, decoded and held as the data has them.
    static func load() throws(PlaceDataError) -> CityDirectory {
        do {
            return try CityDirectory.load()
        } catch {
            throw PlaceDataError(description: error.description)
        }
    }

    /// The town at `index` of `cities` as a place at distance 0, its country by its common name.
    static func place(_ cities: CityDirectory, at index: Int) -> Place {
        let city = cities.record(at: index)
        return Place(name: city.name, state: city.state, district: city.district,
                     country: CountryNames.common(code: city.countryCode) ?? city.country, countryCode: city.countryCode,
                     latitude: city.latitude, longitude: city.longitude)
    }
}
