import CImaging

/// One town or city of GeoNames' data (CC BY 4.0).
public struct CityRecord: Sendable, Hashable {
    public var name: String
    /// The first-level division ("Illinois"); may be empty.
    public var state: String
    /// The second-level division ("Cook County"); may be empty.
    public var district: String = ""
    /// As the data names it ("Republic of Korea").
    public var country: String
    /// ISO 3166-1 alpha-2 ("KR").
    public var countryCode: String
    public var latitude: Double
    public var longitude: Double
}

/// The towns built into CImaging (`cimg_places_load_builtin`: GeoNames'
/// cities1000, about 144,000 towns of 1,000 people or more).
public enum CityDirectory {
    /// Why the cities could not be read.
    public struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// Every city with a name and a usable position.
    public static func load() throws(LoadError) -> [CityRecord] {
        var loaded = cimg_places()
        var error = cimg_error()
        guard cimg_places_load_builtin(&loaded, &error) == 0 else {
            throw LoadError(description: "the built-in place data could not be loaded: \(cTextField(error.message))")
        }
        defer { cimg_places_free(&loaded) }
        guard let cities = loaded.places else { return [] }
        // Regions, districts and countries repeat thousands of times, each one string of the data: made once.
        var made: [UnsafePointer<CChar>: String] = [:]
        func shared(_ text: UnsafePointer<CChar>?) -> String {
            guard let text else { return "" }
            if let known = made[text] { return known }
            let string = String(cString: text)
            made[text] = string
            return string
        }
        return UnsafeBufferPointer(start: cities, count: loaded.count).map { city in
            CityRecord(name: String(cString: city.name), state: shared(city.state), district: shared(city.district),
                       country: shared(city.country), countryCode: cTextField(city.country_code),
                       latitude: city.latitude, longitude: city.longitude)
        }
    }
}
