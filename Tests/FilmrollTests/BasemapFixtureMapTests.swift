@testable import Filmroll
import Testing
import TestSupport

/// Day maps drawn from the real Helsinki tiles (TestImages/basemap): the
/// streets named in the tiles inside a day's frame are named on the map,
/// but for those that give way to another label.
@Suite struct BasemapFixtureMapTests {
    /// A walk from Esplanadi up past the Senate Square.
    static let stops = [(60.1676, 24.9440), (60.1688, 24.9480), (60.1700, 24.9500), (60.1690, 24.9530)].enumerated().map { index, position in
        BasemapDayMap.Stop(position: GeoPoint(latitude: position.0, longitude: position.1), link: "../photos/2025/P\(index + 1).html")
    }

    /// The names of the streets whose stretch inside the frame (less a label's margin) is longer than their name, from the decoded tiles.
    static func namedStreets(in basemap: any BasemapTiles, _ projection: TileProjection) throws -> (fits: Set<String>, all: Set<String>) {
        let style = BasemapStyle(schema: basemap.schema)
        let inside = FrameClipping(width: projection.width, height: projection.height, margin: -6)
        var lengths: [String: [[MapPixel]]] = [:]
        for (address, column) in projection.tiles {
            guard let tile = try basemap.tile(at: address) else { continue }
            for layer in tile.layers {
                let placement = projection.placement(of: address, extent: layer.extent, column: column)
                for feature in layer.features {
                    guard let name = style.streetName(layer: layer.name, feature) else { continue }
                    for part in feature.parts { lengths[name, default: []] += inside.clip(line: part.map(placement.pixel)) }
                }
            }
        }
        let all = Set(lengths.filter { !$0.value.isEmpty }.keys)
        let fits = all.filter { name in
            StreetLabels.joined(lengths[name]!).contains { StreetLabels.length($0) >= StreetLabels.width(of: name) + 6 }
        }
        return (fits, all)
    }

    static func labels(_ svg: String) -> Set<String> {
        Set(svg.split(separator: "startOffset=\"50%\" text-anchor=\"middle\">").dropFirst().map { String($0.prefix { $0 != "<" }) })
    }

    @Test(arguments: ["helsinki.pmtiles", "helsinki.mbtiles"])
    func theNamedStreetsInsideADaysFrameAreOnItsMap(_ file: String) throws {
        let basemap = try Basemap.open(path: Fixtures.path("basemap/" + file))
        #expect(basemap.schema == .openMapTiles)
        let outcome = BasemapDayMap.draw(Self.stops, title: "Map", width: 640, height: 480, basemap: basemap)
        let svg = try #require(outcome.svg)
        #expect(outcome.skippedTiles == 0 && outcome.failure == nil)
        let projection = TileProjection(fitting: Self.stops.map(\.position), width: 640, height: 480, zooms: basemap.minZoom...basemap.maxZoom)
        let streets = try Self.namedStreets(in: basemap, projection)
        let labels = Self.labels(svg)
        print("streets in frame: \(streets.all.count), long enough: \(streets.fits.count), labelled: \(labels.count); missing: \(streets.fits.subtracting(labels).sorted())")
        #expect(streets.fits.count >= 10)
        #expect(labels.isSubset(of: streets.all))
        // A name that would touch another label or a numbered point, or whose stretch bends too much, gives way:
        // on this walk 17 of the 23 that are long enough are named (29 streets reach into the frame).
        #expect(labels.count * 10 >= streets.fits.count * 7, "missing: \(streets.fits.subtracting(labels).sorted())")
        for name in ["Pohjoisesplanadi", "Aleksanterinkatu", "Unioninkatu"] { #expect(labels.contains(name)) }
        #expect(svg.utf8.count <= BasemapDayMap.sizeLimit)
        try SVGCheck.elements(svg)
    }
}
