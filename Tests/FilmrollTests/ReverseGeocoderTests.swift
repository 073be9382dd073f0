#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import Testing
import TestSupport

/// The offline reverse geocoder over the built-in cities1000: positions a few
/// kilometres from the centres of known towns (never GeoNames' own
/// coordinates) on six continents, across the antimeridian and in the high
/// Arctic; the sea and broken positions; and its grid against a search of
/// every city.
@Suite struct ReverseGeocoderTests {
    /// A position and the town it must be named after.
    struct Landmark: Sendable, CustomTestStringConvertible {
        var label: String
        var latitude: Double, longitude: Double
        var name: String, state: String, countryCode: String, country: String
        /// From GeoNames' position of the town (haversine, mean Earth radius).
        var kilometres: Double
        var description: String
        var testDescription: String { label }
    }

    static let landmarks = [
        Landmark(label: "Seoul, N Seoul Tower", latitude: 37.5512, longitude: 126.9882, name: "Seoul", state: "Seoul",
                 countryCode: "KR", country: "South Korea", kilometres: 1.859, description: "Seoul, South Korea"),
        Landmark(label: "Petropavlovsk-Kamchatsky, Avacha Bay shore", latitude: 53.02, longitude: 158.65,
                 name: "Petropavlovsk-Kamchatsky", state: "Kamchatka", countryCode: "RU", country: "Russia", kilometres: 2.718,
                 description: "Petropavlovsk-Kamchatsky, Kamchatka, Russia"),
        Landmark(label: "Paris, Place de la Bastille", latitude: 48.8532, longitude: 2.3692, name: "Paris",
                 state: "Île-de-France Region", countryCode: "FR", country: "France", kilometres: 1.493,
                 description: "Paris, Île-de-France Region, France"),
        Landmark(label: "Longyearbyen, Svalbard Airport", latitude: 78.2461, longitude: 15.4656, name: "Longyearbyen",
                 state: "Svalbard", countryCode: "SJ", country: "Svalbard and Jan Mayen", kilometres: 4.827,
                 description: "Longyearbyen, Svalbard, Svalbard and Jan Mayen"),
        Landmark(label: "Nairobi, Kibera", latitude: -1.3133, longitude: 36.7870, name: "Nairobi", state: "Nairobi Area",
                 countryCode: "KE", country: "Kenya", kilometres: 4.689, description: "Nairobi, Nairobi Area, Kenya"),
        // A suburb of Cape Town, a town of its own in cities1000.
        Landmark(label: "Cape Town, Table Mountain", latitude: -33.9628, longitude: 18.4098, name: "Newlands",
                 state: "Western Cape", countryCode: "ZA", country: "South Africa", kilometres: 3.938,
                 description: "Newlands, Western Cape, South Africa"),
        Landmark(label: "São Paulo, Ibirapuera Park", latitude: -23.5874, longitude: -46.6576, name: "São Paulo",
                 state: "São Paulo", countryCode: "BR", country: "Brazil", kilometres: 4.948, description: "São Paulo, Brazil"),
        Landmark(label: "Ushuaia, airport", latitude: -54.8433, longitude: -68.2958, name: "Ushuaia",
                 state: "Tierra del Fuego Province", countryCode: "AR", country: "Argentina", kilometres: 4.822,
                 description: "Ushuaia, Tierra del Fuego Province, Argentina"),
        Landmark(label: "New York, Battery Park", latitude: 40.7033, longitude: -74.0170, name: "New York City", state: "New York",
                 countryCode: "US", country: "United States", kilometres: 1.534, description: "New York City, New York, United States"),
        // Jerome, a village of about 1,600 west of Springfield, which libgeonames' 15,000-people cities lacked.
        Landmark(label: "Jerome, Illinois (Springfield's south-west side)", latitude: 39.77, longitude: -89.67, name: "Jerome",
                 state: "Illinois", countryCode: "US", country: "United States", kilometres: 0.951,
                 description: "Jerome, Illinois, United States"),
        Landmark(label: "Sydney, Bondi Beach", latitude: -33.8915, longitude: 151.2767, name: "Bondi Beach", state: "New South Wales",
                 countryCode: "AU", country: "Australia", kilometres: 0.476, description: "Bondi Beach, New South Wales, Australia"),
        Landmark(label: "Hilo, Hawaiʻi island, airport", latitude: 19.7214, longitude: -155.0485, name: "Hilo", state: "Hawaii",
                 countryCode: "US", country: "United States", kilometres: 4.520, description: "Hilo, Hawaii, United States"),
        // Taveuni lies east of 180°; the nearest town in the data, Labasa (GeoNames: Lambasa), west of it.
        Landmark(label: "Taveuni, Somosomo (Fiji, 179.97° W)", latitude: -16.7711, longitude: -179.9703, name: "Lambasa",
                 state: "Northern", countryCode: "FJ", country: "Fiji", kilometres: 79.358, description: "Lambasa, Northern, Fiji"),
        Landmark(label: "Helsinki, Senate Square", latitude: 60.1694, longitude: 24.9522, name: "Helsinki", state: "Uusimaa",
                 countryCode: "FI", country: "Finland", kilometres: 0.927, description: "Helsinki, Uusimaa, Finland"),
    ]

    @Test func theBuiltInTownsLoad() {
        let geocoder = ReverseGeocoder.shared
        #expect(geocoder.loadFailure == nil)
        #expect(geocoder.places.count > 140_000)   // libgeonames had 24,361
        #expect(geocoder.places.contains { $0.name == "Jyväskylä" && $0.countryCode == "FI" })   // UTF-8 names where libgeonames had them
        #expect(geocoder.places.contains { $0.name == "Jerome" && $0.state == "Illinois" && $0.district == "Sangamon County" })
        #expect(geocoder.indexMemoryBytes > 0 && geocoder.indexMemoryBytes < 8 << 20)
        #expect(geocoder.places.allSatisfy { !$0.name.isEmpty && abs($0.latitude) <= 90 && abs($0.longitude) <= 180 })
    }

    @Test(arguments: landmarks) func namesTheTownNear(_ landmark: Landmark) throws {
        let position = GPSCoordinate(latitude: landmark.latitude, longitude: landmark.longitude)
        let place = try #require(ReverseGeocoder.shared.place(near: position))
        #expect(place.name == landmark.name)
        #expect(place.state == landmark.state)
        #expect(place.countryCode == landmark.countryCode)
        #expect(place.country == landmark.country)
        #expect(abs(place.distanceKilometres - landmark.kilometres) < 0.01, "\(place.distanceKilometres) km")
        #expect(place.description == landmark.description)
    }

    @Test(arguments: [
        (35.0, -40.0),    // North Atlantic
        (0.0, -140.0),    // equatorial Pacific
        (-40.0, -20.0),   // South Atlantic
        (-30.0, 80.0),    // Indian Ocean
        (-89.0, 0.0),     // the Antarctic plateau
        (86.0, -150.0),   // the Arctic Ocean
    ]) func theOpenSeaHasNoPlace(_ latitude: Double, _ longitude: Double) {
        #expect(ReverseGeocoder.shared.place(near: GPSCoordinate(latitude: latitude, longitude: longitude)) == nil)
    }

    @Test(arguments: [
        (0.0, 0.0), (Double.nan, 10.0), (10.0, Double.nan), (91.0, 0.0), (-90.5, 10.0), (45.0, 180.5), (45.0, -181.0),
        (Double.infinity, 0.0),
    ]) func brokenPositionsHaveNoPlace(_ latitude: Double, _ longitude: Double) {
        #expect(ReverseGeocoder.shared.place(near: GPSCoordinate(latitude: latitude, longitude: longitude)) == nil)
    }

    /// The grid answers what a search of every city answers: the same distance
    /// (ties may name either city), nil exactly when nothing is within 150 km.
    /// Positions near cities, anywhere, near the poles and near ±180°.
    @Test func theGridFindsTheNearestCity() {
        let geocoder = ReverseGeocoder.shared
        let cities = Array(geocoder.places)   // made once: each read of the list makes a place
        var random = SplitMix64(seed: 42)
        var positions: [(Double, Double)] = []
        for index in 0..<600 {
            switch index % 4 {
            case 0:
                let city = cities[random.below(cities.count)]
                positions.append((min(90, max(-90, city.latitude + random.between(-1.5, 1.5))),
                                  wrapped(city.longitude + random.between(-1.5, 1.5))))
            case 1: positions.append((random.between(-90, 90), random.between(-180, 180)))
            case 2: positions.append((random.between(60, 90) * (random.below(2) == 0 ? 1 : -1), random.between(-180, 180)))
            default: positions.append((random.between(-60, 60), wrapped(180 + random.between(-3, 3))))
            }
        }
        var named = 0
        for (latitude, longitude) in positions {
            let nearest = cities.map { kilometres(latitude, longitude, $0.latitude, $0.longitude) }.min() ?? .infinity
            let place = geocoder.place(near: GPSCoordinate(latitude: latitude, longitude: longitude))
            if abs(nearest - ReverseGeocoder.maximumDistanceKilometres) < 0.01 { continue }
            if nearest < ReverseGeocoder.maximumDistanceKilometres {
                named += 1
                #expect(place.map { abs($0.distanceKilometres - nearest) < 1e-6 } == true,
                        "\(latitude), \(longitude): \(place?.description ?? "nil") at \(place?.distanceKilometres ?? -1) km, nearest \(nearest) km")
            } else {
                #expect(place == nil, "\(latitude), \(longitude): \(place?.description ?? "") at \(place?.distanceKilometres ?? -1) km")
            }
        }
        #expect(named > 150)
    }

    // ---- the grid on made-up places: edges of cells, the antimeridian, the poles

    static func town(_ name: String, _ latitude: Double, _ longitude: Double) -> Place {
        Place(name: name, state: "", country: "Testland", countryCode: "TL", latitude: latitude, longitude: longitude)
    }

    @Test func looksAcrossTheAntimeridianBothWays() throws {
        let geocoder = ReverseGeocoder(places: [Self.town("East", 10, 179.95), Self.town("West", -10, -179.99),
                                                Self.town("Far", 10, 178)])
        let east = try #require(geocoder.place(near: GPSCoordinate(latitude: 10, longitude: -179.95)))
        #expect(east.name == "East")
        #expect(abs(east.distanceKilometres - 10.95) < 0.01)
        #expect(geocoder.place(near: GPSCoordinate(latitude: -10, longitude: 179.99))?.name == "West")
        #expect(geocoder.place(near: GPSCoordinate(latitude: 10, longitude: 180))?.name == "East")
    }

    @Test func looksOverThePoles() throws {
        let geocoder = ReverseGeocoder(places: [Self.town("North", 89.6, 0), Self.town("South", -89.5, -135)])
        let north = try #require(geocoder.place(near: GPSCoordinate(latitude: 89.6, longitude: 180)))
        #expect(north.name == "North")
        #expect(abs(north.distanceKilometres - 0.8 * .pi / 180 * 6371.0088) < 0.01)
        #expect(geocoder.place(near: GPSCoordinate(latitude: 90, longitude: 0))?.name == "North")
        #expect(geocoder.place(near: GPSCoordinate(latitude: -89.9, longitude: 45))?.name == "South")
        #expect(geocoder.place(near: GPSCoordinate(latitude: -90, longitude: -180))?.name == "South")
    }

    @Test func aNearerTownInTheNextCellWins() {
        // The position's own cell (46° N, 10° E) holds a town 99 km off; the cell south of it one 2 km off.
        let geocoder = ReverseGeocoder(places: [Self.town("Same cell", 46.9, 10.5), Self.town("Next cell", 45.99, 10.5)])
        #expect(geocoder.place(near: GPSCoordinate(latitude: 46.01, longitude: 10.5))?.name == "Next cell")
        // At 80° N a degree of longitude is 19 km: 106 km away is five cells over.
        let arctic = ReverseGeocoder(places: [Self.town("Five cells east", 80, 25.5)])
        #expect(arctic.place(near: GPSCoordinate(latitude: 80, longitude: 20))?.name == "Five cells east")
    }

    @Test func nothingFartherThan150Kilometres() {
        let geocoder = ReverseGeocoder(places: [Self.town("Only", 0, 10)])
        #expect(geocoder.place(near: GPSCoordinate(latitude: 1.3, longitude: 10))?.name == "Only")      // 144.6 km
        #expect(geocoder.place(near: GPSCoordinate(latitude: 1.4, longitude: 10)) == nil)                // 155.7 km
        #expect(ReverseGeocoder(places: []).place(near: GPSCoordinate(latitude: 1, longitude: 10)) == nil)
    }

    @Test func theDescriptionLeavesOutARepeatedStateOrCountry() {
        #expect(Place(name: "Seoul", state: "Seoul", country: "South Korea", countryCode: "KR", latitude: 37.566, longitude: 126.978)
            .description == "Seoul, South Korea")
        #expect(Place(name: "Springfield", state: "Illinois", country: "United States", countryCode: "US",
                      latitude: 39.8, longitude: -89.6).description == "Springfield, Illinois, United States")
        #expect(Place(name: "Singapore", state: "", country: "Singapore", countryCode: "SG", latitude: 1.29, longitude: 103.85)
            .description == "Singapore")
    }
}

private func wrapped(_ longitude: Double) -> Double {
    longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
}

/// Haversine, written out here apart from the geocoder's own.
private func kilometres(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
    let radians = Double.pi / 180
    let a = sin((latitude2 - latitude1) * radians / 2), b = sin((longitude2 - longitude1) * radians / 2)
    let h = a * a + cos(latitude1 * radians) * cos(latitude2 * radians) * b * b
    return 2 * 6371.0088 * asin(min(1, h.squareRoot()))
}
