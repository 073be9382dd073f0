@testable import Filmroll
import Imaging
import Testing
import TestSupport

/// Naming a position from a basemap's places and boundaries (`PlaceNamer`,
/// `BasemapPlaceFinder`): central Helsinki's districts from the fixtures,
/// containment decided by boundary lines (a nearer district's point across
/// one does not name the position), each level parted only by its own
/// boundaries and those above, the built-in towns for what the basemap
/// lacks, hidden positions never named.
@Suite struct BasemapPlaceNamingTests {
    static func namer(_ path: String, hidden: HiddenPlaces = HiddenPlaces()) throws -> PlaceNamer {
        PlaceNamer(finder: BasemapPlaceFinder(try Basemap.open(path: path)), hidden: hidden)
    }

    static func memoryNamer(_ features: [MemoryBasemap.Feature], schema: BasemapSchema = .openMapTiles) -> PlaceNamer {
        var basemap = MemoryBasemap()
        basemap.schema = schema
        basemap.features = features
        return PlaceNamer(finder: BasemapPlaceFinder(basemap))
    }

    static func at(_ latitude: Double, _ longitude: Double) -> GPSCoordinate {
        GPSCoordinate(latitude: latitude, longitude: longitude)
    }

    @Test(arguments: [BasemapTesting.pmtiles, BasemapTesting.mbtiles])
    func centralHelsinkisDistrictsAreNamed(_ path: String) throws {
        let namer = try Self.namer(path)
        let esplanadi = try #require(namer.name(Self.at(60.1650, 24.9480)))
        #expect(esplanadi.neighbourhood == "Kaartinkaupunki")
        #expect(esplanadi.town == "Helsinki")
        #expect(esplanadi.region == "Uusimaa")
        #expect(esplanadi.country == "Finland")
        #expect(esplanadi.countryCode == "FI")
        #expect(esplanadi.description == "Kaartinkaupunki, Helsinki, Uusimaa, Finland")
        #expect(namer.name(Self.at(60.1705, 24.9470))?.neighbourhood == "Kluuvi")
        #expect(namer.name(Self.at(60.1785, 24.9512))?.neighbourhood == "Hakaniemi")
    }

    /// South of Eläintarhanlahti, 300 m from Siltasaari's point and 310 m from
    /// Kaisaniemi's: the boundary along the bay's shore puts it in Kaisaniemi.
    @Test func aDistrictBoundaryOutweighsANearerPoint() throws {
        let position = Self.at(60.1760, 24.9466)
        let toSiltasaari = GreatCircle.kilometres(60.17816, 24.94974, position.latitude, position.longitude)
        let toKaisaniemi = GreatCircle.kilometres(60.17318, 24.94640, position.latitude, position.longitude)
        #expect(toSiltasaari < toKaisaniemi)
        #expect(try Self.namer(BasemapTesting.pmtiles).name(position)?.neighbourhood == "Kaisaniemi")
        // The Protomaps fixture has no boundaries: the nearest point names it.
        #expect(try Self.namer(BasemapTesting.protomaps).name(position)?.neighbourhood == "Siltasaari")
    }

    @Test func protomapsPlacesAreNamed() throws {
        let name = try #require(try Self.namer(BasemapTesting.protomaps).name(Self.at(60.1650, 24.9480)))
        #expect(name.description == "Kaartinkaupunki, Helsinki, Uusimaa, Finland")
    }

    /// Two suburbs south and north of a position, the northern one nearer, a
    /// boundary line between the position and it.
    static func twoSuburbs(boundary: [String: VectorTileValue]?) -> [MemoryBasemap.Feature] {
        var features: [MemoryBasemap.Feature] = [
            .point("place", (60.2010, 25.0000), ["class": "suburb", "name": "Nearby"]),
            .point("place", (60.1980, 25.0000), ["class": "suburb", "name": "Yonder"]),
        ]
        if let boundary {
            var line = MemoryBasemap.Feature.line("boundary", [(60.2005, 24.9900), (60.2005, 25.0100)], [:])
            line.properties = boundary
            features.append(line)
        }
        return features
    }

    @Test func aBoundaryBetweenPartsNeighbourhoods() {
        let position = Self.at(60.2000, 25.0000)
        #expect(Self.memoryNamer(Self.twoSuburbs(boundary: nil)).name(position)?.neighbourhood == "Nearby")
        for level in [VectorTileValue.int(10), .double(9), .string("8"), .int(2)] {
            #expect(Self.memoryNamer(Self.twoSuburbs(boundary: ["admin_level": level])).name(position)?.neighbourhood == "Yonder",
                    "\(level)")
        }
        // A line that is no administrative boundary (no level) parts nothing.
        #expect(Self.memoryNamer(Self.twoSuburbs(boundary: ["class": .string("river")])).name(position)?.neighbourhood == "Nearby")
    }

    /// Two cities, the nearer across a district's boundary (which does not
    /// part towns) and then across a municipality's (which does).
    @Test func townsArePartedOnlyByMunicipalBoundariesAndAbove() {
        let position = Self.at(60.2000, 25.0000)
        func town(_ level: Int64) -> String? {
            Self.memoryNamer([
                .point("place", (60.2100, 25.0000), ["class": "city", "name": "Northtown"]),
                .point("place", (60.1700, 25.0000), ["class": "town", "name": "Southtown"]),
                MemoryBasemap.Feature(layer: "boundary", kind: .line,
                                      points: [[GeoPoint(latitude: 60.2050, longitude: 24.95), GeoPoint(latitude: 60.2050, longitude: 25.05)]],
                                      properties: ["admin_level": .int(level)]),
            ]).name(position)?.town
        }
        #expect(town(10) == "Northtown")
        #expect(town(8) == "Southtown")
    }

    @Test func protomapsBoundariesPartByTheirKind() {
        let position = Self.at(60.2000, 25.0000)
        func neighbourhood(_ boundary: [String: VectorTileValue]) -> String? {
            Self.memoryNamer([
                .point("places", (60.2010, 25.0000), ["kind": "neighbourhood", "name": "Nearby"]),
                .point("places", (60.1980, 25.0000), ["kind": "macrohood", "name": "Yonder"]),
                MemoryBasemap.Feature(layer: "boundaries", kind: .line,
                                      points: [[GeoPoint(latitude: 60.2005, longitude: 24.99), GeoPoint(latitude: 60.2005, longitude: 25.01)]],
                                      properties: boundary),
            ], schema: .protomaps).name(position)?.neighbourhood
        }
        #expect(neighbourhood(["kind": .string("locality")]) == "Yonder")
        #expect(neighbourhood(["kind_detail": .int(4)]) == "Yonder")
        #expect(neighbourhood(["kind": .string("unknown")]) == "Nearby")
    }

    /// A neighbourhood's point far past its nearest is not reached round a gap in the boundaries.
    @Test func aFarNeighbourhoodIsNotReachedRoundAGap() {
        let position = Self.at(60.2000, 25.0000)
        let name = Self.memoryNamer([
            .point("place", (60.2015, 25.0000), ["class": "suburb", "name": "Nearby"]),
            .point("place", (60.1900, 25.0000), ["class": "suburb", "name": "Faraway"]),
            .line("boundary", [(60.2005, 24.9900), (60.2005, 25.0100)], ["admin_level": "10"]),
        ]).name(position)
        #expect(name?.neighbourhood == "")
        #expect(name?.town == "Helsinki")
    }

    @Test func theBuiltInTownsNameWhatTheBasemapLacks() throws {
        let namer = try Self.namer(BasemapTesting.pmtiles)
        // Tampere lies outside the extract.
        let tampere = try #require(namer.name(Self.at(61.4981, 23.7610)))
        #expect(tampere.neighbourhood == "")
        #expect(tampere.description == "Tampere, Pirkanmaa, Finland")
        #expect(namer.name(Self.at(.nan, 24.9)) == nil)
        #expect(namer.name(Self.at(0, 0)) == nil)
    }

    @Test func hiddenPositionsHaveNoName() throws {
        let hidden = HiddenPlaces([HiddenPlace(latitude: 60.1650, longitude: 24.9480, kilometres: 0.5)])
        #expect(try Self.namer(BasemapTesting.pmtiles, hidden: hidden).name(Self.at(60.1651, 24.9481)) == nil)
        #expect(PlaceNamer(hidden: hidden).name(Self.at(60.1651, 24.9481)) == nil)
        #expect(try Self.namer(BasemapTesting.pmtiles, hidden: hidden).name(Self.at(60.1705, 24.9470))?.neighbourhood == "Kluuvi")
    }

    /// Without a basemap: the built-in town, its region and country; in the
    /// United Kingdom also its county, as people there name a town.
    @Test func withoutABasemapTheBuiltInTownNamesIt() throws {
        let namer = PlaceNamer()
        #expect(namer.name(Self.at(37.5512, 126.9882))?.description == "Seoul, South Korea")
        #expect(namer.name(Self.at(60.1650, 24.9480))?.description == "Helsinki, Uusimaa, Finland")
        let chicago = try #require(namer.name(Self.at(41.8800, -87.6300)))
        #expect(chicago.district == "Cook County")
        #expect(chicago.description == "Chicago, Illinois, United States")
        let guildford = try #require(namer.name(Self.at(51.2360, -0.5700)))
        #expect(guildford.description == "Guildford, Surrey, England, United Kingdom")
    }

    @Test func aNameSaysEachPartOnce() {
        #expect(PlaceName(neighbourhood: "Seoul", town: "Seoul", region: "Seoul", country: "South Korea").description == "Seoul, South Korea")
        #expect(PlaceName(town: "Monaco", country: "Monaco").description == "Monaco")
        #expect(PlaceName(town: "", region: "Uusimaa", country: "Finland").description == "Uusimaa, Finland")
    }

    /// A tile's summary keeps a bounded number of boundary points, however many the tile holds.
    @Test func aHostileTilesBoundariesAreBounded() {
        let points = (0..<150_000).map { TilePoint(x: Int32($0 % 4096), y: Int32($0 / 4096)) }
        let tile = VectorTile(layers: [VectorTileLayer(name: "boundary", extent: 4096, features: [
            VectorTileFeature(kind: .line, parts: [Array(points.prefix(30_000)), Array(points.suffix(40_000))],
                              properties: ["admin_level": .int(8)]),
        ])])
        let summary = PlaceTileSummary(tile, at: TileAddress(zoom: 14, x: 0, y: 0), schema: .openMapTiles)
        #expect(summary.boundaries.map(\.points.count) == [30_000])
    }
}
