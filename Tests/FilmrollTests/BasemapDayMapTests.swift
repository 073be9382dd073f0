@testable import Filmroll
import Testing
import TestSupport
import Foundation

/// A day's map drawn from a basemap held in memory: what is inside the
/// frame drawn and named, what is outside cut away, labels apart, the
/// photos numbered and linked, the file well-formed, small and self-contained.
@Suite struct BasemapDayMapTests {
    /// Two photos on Esplanadi, Helsinki.
    static let stops = [
        BasemapDayMap.Stop(position: GeoPoint(latitude: 60.1676, longitude: 24.9440), link: "../photos/2025/A%20one.html"),
        BasemapDayMap.Stop(position: GeoPoint(latitude: 60.1688, longitude: 24.9520), link: "../photos/2025/B.html"),
        BasemapDayMap.Stop(position: GeoPoint(latitude: 60.1700, longitude: 24.9480), link: "../photos/2025/C.html"),
    ]

    static var helsinki: MemoryBasemap {
        var basemap = MemoryBasemap()
        basemap.features = [
            .line("transportation", [(60.1680, 24.9380), (60.1682, 24.9560)], ["class": "primary"]),
            .line("transportation_name", [(60.1680, 24.9380), (60.1682, 24.9560)], ["class": "primary", "name": "Pohjoisesplanadi"]),
            .line("transportation", [(60.1660, 24.9420), (60.1720, 24.9425)], ["class": "minor"]),
            .line("transportation_name", [(60.1660, 24.9420), (60.1720, 24.9425)], ["class": "minor", "name": "Unioninkatu"]),
            .line("transportation", [(60.1692, 24.9458), (60.1693, 24.9463)], ["class": "minor"]),
            .line("transportation_name", [(60.1692, 24.9458), (60.1693, 24.9463)], ["class": "minor", "name": "Aleksanterinkatu on a stub"]),
            .area("water", [(60.1650, 24.9500), (60.1650, 24.9600), (60.1665, 24.9600), (60.1665, 24.9500)], ["class": "sea"]),
            .area("park", [(60.1670, 24.9450), (60.1670, 24.9490), (60.1675, 24.9490), (60.1675, 24.9450)], ["class": "park"]),
            .point("place", (60.1695, 24.9470), ["class": "neighbourhood", "name": "Kluuvi"]),
            // Far outside the frame.
            .line("transportation", [(60.2500, 25.1000), (60.2510, 25.1100)], ["class": "motorway"]),
            .line("transportation_name", [(60.2500, 25.1000), (60.2510, 25.1100)], ["class": "motorway", "name": "Faraway Road"]),
            .point("place", (60.2500, 25.1000), ["class": "suburb", "name": "Farawayborough"]),
        ]
        return basemap
    }

    static func draw(_ basemap: MemoryBasemap, stops: [BasemapDayMap.Stop] = stops) -> BasemapDayMap.Outcome {
        BasemapDayMap.draw(stops, title: "Map of a day", width: 640, height: 480, basemap: basemap)
    }

    /// Every number of the path data and coordinates in `svg`'s drawing elements.
    static func coordinates(_ svg: String, of attribute: String) -> [Double] {
        var values: [Double] = []
        var rest = Substring(svg)
        while let range = rest.range(of: " \(attribute)=\"") {
            rest = rest[range.upperBound...]
            let end = rest.firstIndex(of: "\"")!
            values += rest[..<end].split { !"0123456789.-".contains($0) }.compactMap { Double($0) }
            rest = rest[end...]
        }
        return values
    }

    @Test func aRoadAndANamedStreetInsideTheFrameAppearAlongTheirLine() throws {
        let outcome = Self.draw(Self.helsinki)
        let svg = try #require(outcome.svg)
        #expect(svg.contains("<path class=\"cs r-pri\""))
        #expect(svg.contains("<path class=\"rd r-pri\""))
        #expect(svg.contains("<path class=\"rd r-minor\""))
        #expect(svg.contains("<path class=\"wa\""))
        #expect(svg.contains("<path class=\"pk\""))
        #expect(svg.contains(">Pohjoisesplanadi</textPath></text>"))
        #expect(svg.contains(">Unioninkatu</textPath></text>"))
        #expect(svg.contains("<text class=\"place\""))
        #expect(svg.contains(">Kluuvi</text>"))
        // A street too short for its name is still named: straight text across its middle, along its direction.
        let stub = try #require(svg.range(of: ">Aleksanterinkatu on a stub</text>"))
        let element = try #require(svg[..<stub.lowerBound].range(of: "<text ", options: .backwards))
        #expect(svg[element.lowerBound..<stub.lowerBound].contains("transform=\"rotate("))
        // Each textPath names a path that is defined.
        let references = svg.split(separator: "<textPath href=\"#").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(references.count == 2)
        for id in references { #expect(svg.contains("<path id=\"\(id)\" d=\"M")) }
        #expect(outcome.failure == nil && outcome.skippedTiles == 0)
    }

    @Test func whatLiesOutsideTheFrameIsCutAway() throws {
        let svg = try #require(Self.draw(Self.helsinki).svg)
        #expect(!svg.contains("Faraway"))
        #expect(!svg.contains("class=\"rd r-mw\""))
        // Every drawn coordinate lies within the frame and its 8 px margin.
        let numbers = Self.coordinates(svg, of: "d")
        #expect(numbers.count > 20)
        #expect(numbers.allSatisfy { $0 >= -8 && $0 <= 648 })
        // The sea reaches past the frame's right: cut at its edge, not drawn whole.
        #expect(numbers.contains(648))
    }

    @Test func labelsNeverOverlap() throws {
        // A grid of named streets a few pixels apart, and places everywhere.
        var basemap = MemoryBasemap()
        for row in 0..<40 {
            let step = Double(row)
            let latitude: Double = 60.1650 + step * 0.00012
            let longitude: Double = 24.9360 + step * 0.0006
            let placeLatitude: Double = 60.1660 + Double(row % 8) * 0.001, placeLongitude: Double = 24.9400 + Double(row / 8) * 0.003
            let across: [(Double, Double)] = [(latitude, 24.9350), (latitude + 0.0004, 24.9600)]
            let down: [(Double, Double)] = [(60.1640, longitude), (60.1720, longitude + 0.0002)]
            basemap.features.append(MemoryBasemap.Feature.line("transportation_name", across, ["class": "minor", "name": "Katu \(row)"]))
            basemap.features.append(MemoryBasemap.Feature.line("transportation_name", down, ["class": "minor", "name": "Tie \(row)"]))
            basemap.features.append(MemoryBasemap.Feature.point("place", (placeLatitude, placeLongitude), ["class": "neighbourhood", "name": "Paikka \(row)"]))
        }
        var space = LabelSpace(width: 640, height: 480)
        let projection = TileProjection(fitting: Self.stops.map(\.position), width: 640, height: 480, zooms: 0...14)
        let streets = basemap.features.filter { $0.layer == "transportation_name" }.map { feature in
            (name: feature.properties["name"]!.string!, line: feature.points[0].map { point in
                let pixel = projection.position(point)
                return MapPixel(x: pixel.x, y: pixel.y)
            })
        }
        let labels = StreetLabels.place(streets, in: &space)
        #expect(labels.count > 5)
        #expect(labels.count < streets.count)   // some had to give way
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] {
                #expect(!a.boxes.contains { box in b.boxes.contains(where: box.overlaps) }, "\(a.name) overlaps \(b.name)")
            }
            // Each reads left to right and is as long as its text.
            #expect(a.line.first!.x <= a.line.last!.x)
            #expect(abs(StreetLabels.length(a.line) - StreetLabels.width(of: a.name, fontSize: a.fontSize) - 6) < 0.5)
            #expect(StreetLabels.fontSizes.contains(a.fontSize))
        }
        // The whole map, with place labels, is drawn and each label's name appears once.
        let svg = try #require(Self.draw(basemap).svg)
        try SVGCheck.elements(svg)
        for row in 0..<40 { #expect(PageLinkScanner.count(of: ">Paikka \(row)<", in: svg) <= 1) }
    }

    @Test func numberedPointsLinkThePhotoPagesInOrder() throws {
        let svg = try #require(Self.draw(Self.helsinki).svg)
        let anchors = svg.split(separator: "<a href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(anchors == ["../photos/2025/A%20one.html", "../photos/2025/B.html", "../photos/2025/C.html"])
        #expect(svg.contains(">1</text></g></a>") && svg.contains(">3</text></g></a>"))
        let first = svg.range(of: ">1</text>")!, third = svg.range(of: ">3</text>")!
        #expect(first.lowerBound < third.lowerBound)
        #expect(svg.contains("<circle class=\"start\"") && svg.contains("<circle class=\"end\""))
        #expect(svg.contains("<path class=\"route\""))
    }

    @Test func theFileIsWellFormedSelfContainedAndHasADarkScheme() throws {
        let svg = try #require(Self.draw(Self.helsinki).svg)
        let names = try SVGCheck.elements(svg)
        #expect(names.first == "svg")
        #expect(names.contains("textPath") && names.contains("a") && names.contains("title"))
        #expect(svg.contains("@media (prefers-color-scheme: dark)"))
        #expect(svg.contains(".street { fill: #d8d3c8; }"))
        // No absolute URL: the namespace aside, nothing names a scheme or a host.
        let withoutNamespace = svg.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        #expect(!withoutNamespace.contains("://"))
        #expect(!withoutNamespace.contains("href=\"/"))
        #expect(!withoutNamespace.contains("url("))
        // The attribution is the archive's, its link taken out.
        #expect(svg.contains("<text class=\"credit\" x=\"634\" y=\"474\">© OpenStreetMap contributors</text>"))
        #expect(svg.contains(" m</text>"))   // the scale bar, in metres this close
    }

    @Test func aDenseTileStaysUnder400KB() throws {
        var basemap = MemoryBasemap()
        var random = SplitMix64(seed: 39)
        func near() -> (Double, Double) {
            let a = Double(random.next() % 10_000) / 10_000, b = Double(random.next() % 10_000) / 10_000
            return (60.160 + a * 0.02, 24.925 + b * 0.04)
        }
        for index in 0..<15_000 {
            let (latitude, longitude) = near()
            let east: Double = longitude + 0.0002, north: Double = latitude + 0.0001
            let corners: [(Double, Double)] = [(latitude, longitude), (latitude, east), (north, east), (north, longitude)]
            basemap.features.append(MemoryBasemap.Feature.area("building", corners, [:]))
            if index % 3 == 0 {
                var points: [(Double, Double)] = []
                let start = near()
                for step in 0..<20 {
                    let latitude: Double = start.0 + Double(step) * 0.0001, longitude: Double = start.1 + Double(step % 3) * 0.0001
                    points.append((latitude, longitude))
                }
                let kind = index % 2 == 0 ? "minor" : "path"
                basemap.features.append(MemoryBasemap.Feature.line("transportation", points, ["class": kind]))
                basemap.features.append(MemoryBasemap.Feature.line("transportation_name", points, ["class": "minor", "name": "Kuja \(index)"]))
            }
        }
        let svg = try #require(Self.draw(basemap).svg)
        #expect(svg.utf8.count <= BasemapDayMap.sizeLimit)
        #expect(svg.contains("<path class=\"rd r-minor\""))
        try SVGCheck.elements(svg)
    }

    @Test func aSinglePhotoIsDrawnAtStreetLevel() throws {
        let projection = TileProjection(fitting: [Self.stops[0].position], width: 640, height: 480, zooms: 0...14)
        #expect(abs(log2(projection.scale / 256) - TileProjection.closestZoom) < 1e-9)
        #expect(projection.tileZoom == 14)
        let (x, y) = projection.position(Self.stops[0].position)
        #expect(abs(x - 320) < 1e-6 && abs(y - 240) < 1e-6)
        let svg = try #require(Self.draw(Self.helsinki, stops: [Self.stops[0]]).svg)
        #expect(PageLinkScanner.count(of: "<g class=\"pin\">", in: svg) == 1)
        #expect(!svg.contains("class=\"route\""))
    }

    @Test func aTileThatFailsIsSkippedAndABasemapThatFailsIsReported() throws {
        var basemap = Self.helsinki
        basemap.maxZoom = 16
        let projection = TileProjection(fitting: Self.stops.map(\.position), width: 640, height: 480, zooms: 0...16)
        try #require(projection.tiles.count > 1)
        basemap.failing = [projection.tiles[0].address]
        let partly = Self.draw(basemap)
        #expect(partly.svg != nil && partly.skippedTiles == 1 && partly.failure == nil)

        basemap.failsEverywhere = true
        let failed = Self.draw(basemap)
        #expect(failed.svg == nil)
        #expect(failed.failure?.description.hasPrefix("/nowhere/memory.pmtiles: tile") == true)

        // Somewhere the archive holds nothing: no map from it, no failure.
        let elsewhere = Self.draw(Self.helsinki, stops: [BasemapDayMap.Stop(position: GeoPoint(latitude: 37.5, longitude: 127), link: nil)])
        #expect(elsewhere.svg == nil && elsewhere.failure == nil)
    }

    @Test func protomapsRoadsAndNamesAreDrawnToo() throws {
        var basemap = MemoryBasemap()
        basemap.schema = .protomaps
        basemap.features = [
            .line("roads", [(60.1680, 24.9380), (60.1682, 24.9560)], ["kind": "major_road", "kind_detail": "primary", "name": "Pohjoisesplanadi"]),
            .line("roads", [(60.1660, 24.9420), (60.1720, 24.9425)], ["kind": "path", "name": "Polku"]),
            .area("buildings", [(60.1690, 24.9450), (60.1690, 24.9455), (60.1692, 24.9455), (60.1692, 24.9450)], [:]),
            .area("landuse", [(60.1670, 24.9450), (60.1670, 24.9490), (60.1675, 24.9490), (60.1675, 24.9450)], ["kind": "park"]),
            .point("places", (60.1695, 24.9470), ["kind": "neighbourhood", "name": "Kluuvi"]),
        ]
        let svg = try #require(Self.draw(basemap).svg)
        #expect(svg.contains("<path class=\"rd r-pri\"") && svg.contains("<path class=\"rd r-path\""))
        #expect(svg.contains("<path class=\"pk\"") && svg.contains("<path class=\"bd\""))
        #expect(svg.contains(">Pohjoisesplanadi</textPath>") && svg.contains(">Kluuvi</text>"))
    }
}
