@testable import Filmroll
import Testing
import TestSupport

/// Day maps drawn from the real Helsinki tiles (TestImages/basemap): every
/// street named in the tiles that reaches into a day's frame is named on
/// the map, as text, its labels apart and upright.
@Suite struct BasemapFixtureMapTests {
    /// A walk from Esplanadi up past the Senate Square.
    static let stops = [(60.1676, 24.9440), (60.1688, 24.9480), (60.1700, 24.9500), (60.1690, 24.9530)].enumerated().map { index, position in
        BasemapDayMap.Stop(position: GeoPoint(latitude: position.0, longitude: position.1), link: "../photos/2025/P\(index + 1).html")
    }

    /// The names of the streets whose line reaches into the frame (all), and of those whose stretch inside it is longer
    /// than their name (fits), from the decoded tiles: a feature's whole line, buffer and all, cut to the frame.
    static func namedStreets(in basemap: any BasemapTiles, _ projection: TileProjection) throws -> (fits: Set<String>, all: Set<String>) {
        let style = BasemapStyle(schema: basemap.schema)
        let inside = FrameClipping(width: projection.width, height: projection.height, margin: 0)
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

    /// The text of every street label in `svg` (along a path or set straight), entities decoded.
    static func labels(_ svg: String) -> [String] {
        svg.split(separator: "<text class=\"street").dropFirst().map { element in
            var text = element.drop { $0 != ">" }.dropFirst()
            if text.hasPrefix("<textPath") { text = text.drop { $0 != ">" }.dropFirst() }
            return String(text.prefix { $0 != "<" })
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// The walk's map from `file`, its frame and the named streets that reach into the frame (from the tiles, not the map).
    static func walk(_ file: String) throws -> (svg: String, reaching: Set<String>, fits: Set<String>) {
        let basemap = try Basemap.open(path: Fixtures.path("basemap/" + file))
        #expect(basemap.schema == .openMapTiles)
        let outcome = BasemapDayMap.draw(Self.stops, title: "Map", width: 640, height: 480, basemap: basemap)
        let svg = try #require(outcome.svg)
        #expect(outcome.skippedTiles == 0 && outcome.failure == nil)
        let projection = TileProjection(fitting: Self.stops.map(\.position), width: 640, height: 480, zooms: basemap.minZoom...basemap.maxZoom)
        let streets = try Self.namedStreets(in: basemap, projection)
        return (svg, streets.all, streets.fits)
    }

    @Test(arguments: ["helsinki.pmtiles", "helsinki.mbtiles"])
    func everyNamedStreetReachingADaysFrameIsNamedOnItsMap(_ file: String) throws {
        let (svg, reaching, fits) = try Self.walk(file)
        let labels = Self.labels(svg)
        print("\(file): named streets in frame: \(reaching.count), long enough for their name: \(fits.count), labelled: \(Set(labels).intersection(reaching).count)")
        #expect(reaching.count >= 25)
        #expect(reaching.subtracting(labels).isEmpty, "not named: \(reaching.subtracting(labels).sorted())")
        // Each name once, and only names of streets in the frame.
        #expect(labels.count == Set(labels).count)
        #expect(Set(labels).isSubset(of: reaching))
        for name in ["Pohjoisesplanadi", "Aleksanterinkatu", "Unioninkatu", "Mannerheimintie", "Kasarmikatu"] where reaching.contains(name) {
            #expect(labels.contains(name))
        }
        // Most of those long enough for their name follow their line at full size (18 of 24 on this walk).
        let alongAtFullSize = Set(svg.split(separator: "<text class=\"street\" dy=\"0.35em\"><textPath").dropFirst().map { element in
            String(element.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
        })
        #expect(alongAtFullSize.count * 10 >= fits.count * 7, "set otherwise: \(fits.subtracting(alongAtFullSize).sorted())")
        #expect(svg.utf8.count <= BasemapDayMap.sizeLimit)
        try SVGCheck.elements(svg)
    }

    @Test func theWalksStreetLabelsNeitherOverlapNorReadUpsideDown() throws {
        let basemap = try Basemap.open(path: Fixtures.path("basemap/helsinki.pmtiles"))
        let projection = TileProjection(fitting: Self.stops.map(\.position), width: 640, height: 480, zooms: basemap.minZoom...basemap.maxZoom)
        var content = BasemapDayMap.Content(projection: projection, style: BasemapStyle(schema: basemap.schema))
        for (address, column) in projection.tiles {
            if let tile = try basemap.tile(at: address) { content.add(tile, at: address, column: column) }
        }
        var space = LabelSpace(width: 640, height: 480)
        let labels = StreetLabels.place(content.streets, in: &space)
        #expect(labels.count >= 25)
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] {
                #expect(!a.boxes.contains { box in b.boxes.contains(where: box.overlaps) }, "\(a.name) overlaps \(b.name)")
            }
            #expect(a.line.first!.x <= a.line.last!.x, "\(a.name) reads right to left")
            #expect(a.boxes.allSatisfy { $0.minX >= 0 && $0.minY >= 0 && $0.maxX <= 640 && $0.maxY <= 480 })
        }
    }
}
