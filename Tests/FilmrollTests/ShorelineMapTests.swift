@testable import Filmroll
import Imaging
import Testing
import TestSupport

/// Day maps without a basemap drawn from GSHHG's full-resolution shorelines
/// (Debian's gmt-gshhg-full, which Scripts/install-deps.sh installs): known
/// land and water points of Helsinki and Seoul fall where they are, the
/// 1:110m outlines could not tell them apart, Lake Mälaren is water, the SVG
/// stays small, bins kept for the run draw the same maps, and a missing file
/// leaves the map as it was with one note for the run's warnings.
@Suite struct ShorelineMapTests {
    static func route(_ points: [(Double, Double)]) -> [GeoPoint] { points.map { GeoPoint(latitude: $0.0, longitude: $0.1) } }

    /// A walk from Esplanadi to Katajanokka, central Helsinki.
    static let helsinki = route([(60.1675, 24.9470), (60.1679, 24.9523), (60.1685, 24.9600), (60.1669, 24.9676)])
    /// From Gyeongbokgung over the Han river to Gangnam, Seoul.
    static let seoul = route([(37.5796, 126.9770), (37.5512, 126.9882), (37.5172, 127.0473)])

    static let missing = Shorelines(directory: "/nonexistent/gshhg")

    /// The even-odd fill of the land path(s) of a map at a position.
    static func isLand(_ svg: String, _ point: GeoPoint, route: [GeoPoint]) throws -> Bool {
        let frame = try #require(MapDrawing.dayFrame(route))
        let (x, y) = frame.position(point)
        return evenOdd(LandPath.rings(in: svg), x: x, y: y)
    }

    /// Whether (x, y) lies inside an odd number of the rings.
    static func evenOdd(_ rings: [[(x: Double, y: Double)]], x: Double, y: Double) -> Bool {
        var crossings = 0
        for ring in rings {
            var previous = ring[ring.count - 1]
            for current in ring {
                if (current.y > y) != (previous.y > y) {
                    let t = (y - previous.y) / (current.y - previous.y)
                    let crossingX = previous.x + t * (current.x - previous.x)
                    if x < crossingX { crossings += 1 }
                }
                previous = current
            }
        }
        return crossings % 2 == 1
    }

    @Test(.enabled(if: Shorelines.installed.isPresent, "GSHHG (gmt-gshhg-full) is not installed"))
    func helsinkisShoreIsDrawnAtCityScale() throws {
        let svg = try #require(MapDrawing.day(Self.helsinki, title: "Helsinki"))
        #expect(svg.contains("<path class=\"land shore-land\""))
        #expect(svg.contains("<path class=\"shore\""))
        // The Senate Square and Katajanokka are land; the South Harbour and the sea off Kaivopuisto water.
        #expect(try Self.isLand(svg, GeoPoint(latitude: 60.1694, longitude: 24.9522), route: Self.helsinki))
        #expect(try Self.isLand(svg, GeoPoint(latitude: 60.1672, longitude: 24.9720), route: Self.helsinki))
        #expect(try !Self.isLand(svg, GeoPoint(latitude: 60.1593, longitude: 24.9648), route: Self.helsinki))
        #expect(try !Self.isLand(svg, GeoPoint(latitude: 60.1710, longitude: 24.9695), route: Self.helsinki))
        // The 1:110m outlines do not part them.
        let coarse = try #require(MapDrawing.day(Self.helsinki, title: "Helsinki", shorelines: Self.missing))
        #expect(try Self.isLand(coarse, GeoPoint(latitude: 60.1694, longitude: 24.9522), route: Self.helsinki)
            == Self.isLand(coarse, GeoPoint(latitude: 60.1593, longitude: 24.9648), route: Self.helsinki))
        #expect(svg.utf8.count < 400_000, "\(svg.utf8.count) bytes")
    }

    @Test(.enabled(if: Shorelines.installed.isPresent, "GSHHG (gmt-gshhg-full) is not installed"))
    func seoulHasTheHanRiver() throws {
        let svg = try #require(MapDrawing.day(Self.seoul, title: "Seoul"))
        // Gyeongbokgung and Gangnam on land; the Han, an "additional major river" in GSHHG (a centre line from
        // CIA WDB-II, good to about a kilometre), drawn 250 m wide, passing Banpo Bridge's middle.
        #expect(try Self.isLand(svg, GeoPoint(latitude: 37.5796, longitude: 126.9770), route: Self.seoul))
        #expect(try Self.isLand(svg, GeoPoint(latitude: 37.5050, longitude: 127.0300), route: Self.seoul))
        let frame = try #require(MapDrawing.dayFrame(Self.seoul))
        let banpo = frame.position(GeoPoint(latitude: 37.5135, longitude: 126.9960))
        let rivers = RiverPath.lines(in: svg)
        let han = try #require(rivers.max { $0.width < $1.width })
        #expect(abs(han.width - (0.25 * frame.pixelsPerKilometre).rounded()) < 0.01)
        let nearest = han.points.map { (($0.x - banpo.x) * ($0.x - banpo.x) + ($0.y - banpo.y) * ($0.y - banpo.y)).squareRoot() }.min() ?? .infinity
        #expect(nearest < 0.8 * frame.pixelsPerKilometre, "\(nearest) px")
        // Not in the coarse map.
        let coarse = try #require(MapDrawing.day(Self.seoul, title: "Seoul", shorelines: Self.missing))
        #expect(RiverPath.lines(in: coarse).isEmpty)
        #expect(svg.utf8.count < 400_000, "\(svg.utf8.count) bytes")
    }

    /// The Stockholm archipelago, tens of thousands of islands: a day's frame 40 km across stays under 400 KB.
    @Test(.enabled(if: Shorelines.installed.isPresent, "GSHHG (gmt-gshhg-full) is not installed"))
    func anArchipelagoStaysSmall() throws {
        let route = Self.route([(59.3290, 18.0680), (59.40, 18.60)])
        let svg = try #require(MapDrawing.day(route, title: "Stockholm"))
        #expect(svg.contains("shore-land"))
        #expect(svg.utf8.count < 400_000, "\(svg.utf8.count) bytes")
    }

    /// A day from Stockholm to Västerås, along Lake Mälaren: GSHHG's lake
    /// (level 2) is water and its islands (level 3) land, across the bins
    /// 16–18° E, as GMT's own reading has them (`gmt select -Df`).
    @Test(.enabled(if: Shorelines.installed.isPresent, "GSHHG (gmt-gshhg-full) is not installed"))
    func lakeMalarenIsWater() throws {
        let route = Self.route([(59.3293, 18.0686), (59.6099, 16.5448)])
        let svg = try #require(MapDrawing.day(route, title: "Mälaren"))
        for (latitude, longitude) in [(59.45, 17.30), (59.40, 17.10), (59.33, 17.60), (59.30, 17.50), (59.36, 17.42)] {
            #expect(try !Self.isLand(svg, GeoPoint(latitude: latitude, longitude: longitude), route: route), "\(latitude), \(longitude)")
        }
        for (latitude, longitude) in [(59.40, 17.55), (59.38, 17.70), (59.45, 16.90)] {
            #expect(try Self.isLand(svg, GeoPoint(latitude: latitude, longitude: longitude), route: route), "\(latitude), \(longitude)")
        }
    }

    /// The bins read are kept for the run: maps drawn again, and drawn on
    /// many threads at once, are byte for byte those of a fresh reading.
    @Test(.enabled(if: Shorelines.installed.isPresent, "GSHHG (gmt-gshhg-full) is not installed"))
    func keptBinsDrawTheSameMaps() async throws {
        let routes = [Self.helsinki, Self.seoul, Self.route([(59.3290, 18.0680), (59.40, 18.60)]),
                      Self.route([(59.3293, 18.0686), (59.6099, 16.5448)])]
        let fresh = routes.map { MapDrawing.day($0, title: "Day", shorelines: Shorelines(directory: "/usr/share/gmt-gshhg")) }
        let kept = Shorelines(directory: "/usr/share/gmt-gshhg")
        for _ in 0..<2 {
            #expect(routes.map { MapDrawing.day($0, title: "Day", shorelines: kept) } == fresh)
        }
        let concurrent = Shorelines(directory: "/usr/share/gmt-gshhg")
        let drawn = await withTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<16 {
                group.addTask { (index, MapDrawing.day(routes[index % routes.count], title: "Day", shorelines: concurrent)) }
            }
            return await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
        }
        for index in 0..<16 { #expect(drawn[index] == fresh[index % routes.count]) }
        #expect(fresh.allSatisfy { $0?.contains("shore-land") == true })
    }

    /// Path numbers are written as MapDrawing.number writes them.
    @Test func pathNumbersMatchTheMapsNumbers() {
        for value in [0.0, -0.04, -0.05, 0.05, 1.25, -1.25, 12.34, 639.96, -2.0, 640.0, 2.5e5, -0.96, 0.949] {
            var path = SVGPathText()
            path.number(value)
            #expect(path.text == MapDrawing.number(value), "\(value)")
        }
        var path = SVGPathText()
        PixelClip(width: 100, height: 100).ring([(10, 10), (50, 10.2), (50, 50), (200, 50), (10, 80)], into: &path)
        #expect(path.text == "M10 10L50 10.2L50 50L102 50L102 65.5L10 80Z")
    }

    @Test func missingDataDrawsTheCoarseOutlinesAndSaysSoOnce() throws {
        let shorelines = Shorelines(directory: "/nonexistent/gshhg")
        #expect(shorelines.takeTrouble() == nil)      // nothing drawn yet
        var messages: [String] = []
        for _ in 0..<3 {
            let svg = try #require(MapDrawing.day(Self.seoul, title: "Seoul", shorelines: shorelines))
            #expect(svg.contains("<path class=\"land\" d=\""))     // Natural Earth's Korea
            #expect(!svg.contains("<path class=\"shore") && !svg.contains("class=\"land shore-land\""))
            if let message = shorelines.takeTrouble() { messages.append(message) }
        }
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("missing: day maps are drawn without shorelines") == true)
        #expect(shorelines.shorelineFile == "/nonexistent/gshhg/binned_GSHHS_f.nc")
    }

    @Test func aSegmentAcrossABinClosesAlongItsLandEdge() {
        // A bin 1° square at 10° E, 50° N: land west of a line from the south side to the north side, a lake inside it.
        let bin = ShoreBins.Bin(west: 10, south: 50, size: 1, cornerLevels: [1, 0, 0, 1], segments: [
            ShoreBins.Segment(level: 1, entry: 0, exit: 2, points: [10.5, 50, 10.4, 50.5, 10.5, 51]),
            ShoreBins.Segment(level: 2, entry: 4, exit: 4, points: [10.1, 50.4, 10.2, 50.4, 10.2, 50.6, 10.1, 50.6, 10.1, 50.4]),
        ])
        let rings = ShoreRings.rings(bin)
        #expect(rings.count == 2)
        func inside(_ longitude: Double, _ latitude: Double) -> Bool {
            let pixels = rings.map { ring in ring.map { (x: $0.longitude, y: $0.latitude) } }
            return Self.evenOdd(pixels, x: longitude, y: latitude)
        }
        #expect(inside(10.05, 50.1))     // land, west
        #expect(!inside(10.9, 50.5))     // sea, east
        #expect(!inside(10.15, 50.5))    // the lake
        #expect(inside(10.35, 50.5))     // land between the lake and the shore
        // The same line with the land to the east.
        let east = ShoreBins.Bin(west: 10, south: 50, size: 1, cornerLevels: [0, 1, 1, 0], segments: [bin.segments[0]])
        #expect(ShoreRings.rings(east).first?.contains(GeoPoint(latitude: 50, longitude: 11)) == true)
        #expect(ShoreRings.rings(east).first?.contains(GeoPoint(latitude: 50, longitude: 10)) == false)
    }
}

/// The rings of the land paths in a map's SVG ("M x yLx y…Z"), in pixels.
enum LandPath {
    static func rings(in svg: String) -> [[(x: Double, y: Double)]] {
        var rings: [[(x: Double, y: Double)]] = []
        var rest = Substring(svg)
        while let start = rest.range(of: "<path class=\"land") {
            rest = rest[start.upperBound...]
            guard let d = rest.range(of: "d=\""), let end = rest[d.upperBound...].firstIndex(of: "\"") else { break }
            let path = rest[d.upperBound..<end]
            for piece in path.split(separator: "Z") {
                let numbers = piece.split(whereSeparator: { $0 == "M" || $0 == "L" || $0 == " " }).compactMap { Double($0) }
                let ring = stride(from: 0, to: numbers.count - 1, by: 2).map { (x: numbers[$0], y: numbers[$0 + 1]) }
                if ring.count >= 3 { rings.append(ring) }
            }
            rest = rest[end...]
        }
        return rings
    }
}

/// The rivers of a map's SVG: each path's stroke width and points, in pixels.
enum RiverPath {
    static func lines(in svg: String) -> [(width: Double, points: [(x: Double, y: Double)])] {
        var lines: [(width: Double, points: [(x: Double, y: Double)])] = []
        var rest = Substring(svg)
        while let start = rest.range(of: "<path class=\"river\" stroke-width=\"") {
            rest = rest[start.upperBound...]
            guard let quote = rest.firstIndex(of: "\""), let width = Double(rest[..<quote]),
                  let d = rest.range(of: "d=\""), let end = rest[d.upperBound...].firstIndex(of: "\"") else { break }
            let numbers = rest[d.upperBound..<end].split(whereSeparator: { $0 == "M" || $0 == "L" || $0 == " " }).compactMap { Double($0) }
            lines.append((width, stride(from: 0, to: numbers.count - 1, by: 2).map { (x: numbers[$0], y: numbers[$0 + 1]) }))
            rest = rest[end...]
        }
        return lines
    }
}
