import Imaging

/// The places a `ReverseGeocoder` knows, in the order given: either a list
/// of places, or the built-in towns, each made into a `Place` when read.
public struct PlaceList: RandomAccessCollection, Sendable {
    // Two plain properties, not an enum of the two: an enum keeps its case in
    // the reference's spare bits, which hides the towns from a leak checker.
    private let list: [Place]
    private let cities: CityDirectory?

    init(_ list: [Place]) {
        self.list = list
        self.cities = nil
    }

    init(_ cities: CityDirectory) {
        self.list = []
        self.cities = cities
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { cities?.count ?? list.count }

    public subscript(index: Int) -> Place {
        if let cities { return GeoNamesCities.place(cities, at: index) }
        return list[index]
    }

    /// The position of the place at `index`, read without making the place.
    func position(at index: Int) -> (latitude: Double, longitude: Double) {
        if let cities { return (cities.latitude(at: index), cities.longitude(at: index)) }
        return (list[index].latitude, list[index].longitude)
    }
}
