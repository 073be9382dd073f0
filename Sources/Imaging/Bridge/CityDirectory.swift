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
/// cities1000, about 144,000 towns of 1,000 people or more), decoded once and
/// kept in C memory: positions are read in place, and a town's strings are
/// made only when it is asked for, so loading costs the inflation and no more.
public final class CityDirectory: @unchecked Sendable {
    /// Why the cities could not be read.
    public struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    // Written once by `load`, never changed after: safe to read from any thread.
    private var loaded: cimg_places
    /// How many towns the data holds.
    public let count: Int

    private init(loaded: cimg_places) {
        self.loaded = loaded
        self.count = loaded.places == nil ? 0 : loaded.count
    }

    deinit { cimg_places_free(&loaded) }

    /// Decodes the built-in data.
    public static func load() throws(LoadError) -> CityDirectory {
        var loaded = cimg_places()
        var error = cimg_error()
        guard cimg_places_load_builtin(&loaded, &error) == 0 else {
            throw LoadError(description: "the built-in place data could not be loaded: \(cTextField(error.message))")
        }
        return CityDirectory(loaded: loaded)
    }

    public func latitude(at index: Int) -> Double { city(at: index).latitude }
    public func longitude(at index: Int) -> Double { city(at: index).longitude }

    /// The town at `index` (0 ..< count), its strings made now.
    public func record(at index: Int) -> CityRecord {
        let city = city(at: index)
        return CityRecord(name: String(cString: city.name), state: String(cString: city.state),
                          district: String(cString: city.district), country: String(cString: city.country),
                          countryCode: cTextField(city.country_code), latitude: city.latitude, longitude: city.longitude)
    }

    private func city(at index: Int) -> cimg_place {
        precondition(index >= 0 && index < count, "town \(index) of \(count)")
        return loaded.places![index]
    }
}
