import Imaging

/// The places a `ReverseGeocoder` knows, in the order given: either a list
/// of places, or the built-in towns, each made into a `Place` when read.
public struct PlaceList: RandomAccessCollection, Sendable {
    enum Storage: Sendable {
        case places([Place])
        case cities(CityDirectory)
    }

    let storage: Storage

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .places(let places): places.count
        case .cities(let cities): cities.count
        }
    }

    public subscript(index: Int) -> Place {
        switch storage {
        case .places(let places): places[index]
        case .cities(let cities): GeoNamesCities.place(cities, at: index)
        }
    }

    /// The position of the place at `index`, read without making the place.
    func position(at index: Int) -> (latitude: Double, longitude: Double) {
        switch storage {
        case .places(let places): (places[index].latitude, places[index].longitude)
        case .cities(let cities): (cities.latitude(at: index), cities.longitude(at: index))
        }
    }
}
