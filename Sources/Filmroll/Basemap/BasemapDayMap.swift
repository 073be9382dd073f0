#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A day's map drawn from the user's basemap (`BasemapTiles`) as one SVG
/// file: land, water, parks, roads by class with casings, rail, buildings
/// close in, street and place names as text; over them the route, its
/// start and end and a numbered point per photo linking its page; a scale
/// bar and the data's attribution. Clipped to the frame and thinned to the
/// pixel; it links nothing outside the gallery.
enum BasemapDayMap {
    /// A photo with a position, in time order: where, and its page
    /// relative to the days folder (already percent-encoded); nil: no link.
    struct Stop: Sendable, Hashable {
        var position: GeoPoint
        var link: String?
    }

    /// What drawing gave: the SVG, or nil when the map is to be drawn as
    /// without a basemap (it failed, or holds nothing there); tiles that
    /// failed to decode and were left out; the basemap's failure, if it failed.
    struct Outcome: Sendable {
        var svg: String?
        var skippedTiles = 0
        var failure: BasemapError?
    }

    /// A map stays under this many bytes: past it, buildings, then land
    /// use, then paths are left out.
    static let sizeLimit = 400_000

    /// The map of `stops` in a `width` × `height` frame titled `title`.
    /// - Parameter marks: drawn instead of the route and its points, from where the projection puts a position (the index's map).
    static func draw(_ stops: [Stop], title: String, width: Double, height: Double, basemap: any BasemapTiles,
                     marks: ((TileProjection) -> String)? = nil) -> Outcome {
        guard !stops.isEmpty else { return Outcome() }
        let zooms = max(0, min(basemap.minZoom, basemap.maxZoom))...max(0, basemap.maxZoom, basemap.minZoom)
        let projection = TileProjection(fitting: stops.map(\.position), width: width, height: height, zooms: zooms)
        var content = Content(projection: projection, style: BasemapStyle(schema: basemap.schema))
        var outcome = Outcome(), drawn = 0, firstFailure: BasemapError?
        let addresses = projection.tiles
        for (address, column) in addresses {
            do {
                guard let tile = try basemap.tile(at: address) else { continue }
                content.add(tile, at: address, column: column)
                drawn += 1
            } catch {
                outcome.skippedTiles += 1
                if firstFailure == nil { firstFailure = error }
            }
        }
        guard drawn > 0 else {
            outcome.failure = firstFailure
            return outcome
        }
        var leftOut: Set<BasemapSymbol> = []
        for dropping in [[], [.building], [.landuse, .park, .wood], [.path]] as [[BasemapSymbol]] {
            leftOut.formUnion(dropping)
            let svg = content.svg(stops, title: title, attribution: basemap.attribution, leaving: leftOut, marks: marks)
            outcome.svg = svg
            if svg.utf8.count <= sizeLimit { break }
        }
        return outcome
    }

    /// What the tiles hold within the frame, in its pixels.
    struct Content {
        let projection: TileProjection
        let style: BasemapStyle
        let clipping: FrameClipping
        let labelClipping: FrameClipping
        /// The frame itself: a street that reaches into it is named.
        let streetClipping: FrameClipping
        var paths: [BasemapSymbol: PathData] = [:]
        var streets: [(name: String, line: [MapPixel])] = []
        var places: [(name: String, rank: Int, at: MapPixel)] = []
        /// Display zoom (256 px tiles).
        var zoom: Double { log2(projection.scale / 256) }

        init(projection: TileProjection, style: BasemapStyle) {
            self.projection = projection
            self.style = style
            clipping = FrameClipping(width: projection.width, height: projection.height, margin: 8)
            labelClipping = FrameClipping(width: projection.width, height: projection.height, margin: -6)
            streetClipping = FrameClipping(width: projection.width, height: projection.height, margin: 0)
        }

        mutating func add(_ tile: VectorTile, at address: TileAddress, column: Int) {
            let withBuildings = zoom >= 15
            for layer in tile.layers {
                let placement = projection.placement(of: address, extent: layer.extent, column: column)
                for feature in layer.features {
                    if let symbol = style.symbol(layer: layer.name, feature), symbol != .building || withBuildings {
                        add(feature, as: symbol, placement)
                    }
                    if let name = style.streetName(layer: layer.name, feature) {
                        // Cut to the tile itself (not its buffer) and the frame, so pieces from neighbouring tiles meet end to end.
                        let own = FrameClipping(tile: placement, extent: layer.extent, within: streetClipping)
                        for part in feature.parts {
                            for piece in own.clip(line: part.map(placement.pixel)) {
                                streets.append((name, FrameClipping.thinned(piece, tolerance: 1)))
                            }
                        }
                    }
                    if let place = style.place(layer: layer.name, feature), let point = feature.parts.first?.first {
                        let pixel = placement.pixel(point)
                        if labelClipping.contains(pixel) { places.append((place.name, place.rank, pixel)) }
                    }
                }
            }
        }

        private mutating func add(_ feature: VectorTileFeature, as symbol: BasemapSymbol, _ placement: TilePlacement) {
            var data = paths[symbol] ?? PathData()
            for part in feature.parts {
                let pixels = part.map(placement.pixel)
                if symbol.isArea {
                    let ring = FrameClipping.thinned(clipping.clip(ring: pixels))
                    if ring.count > 2 { data.add(ring, closed: true) }
                } else {
                    for piece in clipping.clip(line: pixels) { data.add(FrameClipping.thinned(piece), closed: false) }
                }
            }
            paths[symbol] = data
        }

        /// The whole SVG, leaving out the symbols in `leftOut`.
        func svg(_ stops: [Stop], title: String, attribution: String, leaving leftOut: Set<BasemapSymbol>,
                 marks: ((TileProjection) -> String)? = nil) -> String {
            let width = projection.width, height = projection.height
            let n = MapDrawing.number
            var svg = """
                \(GalleryMark.svg.text)
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(n(width)) \(n(height))" \
                width="\(n(width))" height="\(n(height))" role="img" aria-label="\(HTMLEscaping.escape(title))">
                <title>\(HTMLEscaping.escape(title))</title>
                <style>
                \(BasemapStyle.css)
                </style>
                <rect class="land" width="100%" height="100%"/>

                """
            let symbols = BasemapSymbol.allCases.filter { !leftOut.contains($0) && !(paths[$0]?.isEmpty ?? true) }
            for symbol in symbols where !symbol.isRoad {
                if symbol == .rail { continue }
                svg += "<path class=\"\(symbol.cssClass)\" d=\"\(paths[symbol]!.text)\"/>\n"
            }
            let roads = symbols.filter(\.isRoad)
            for symbol in roads where symbol != .path {
                svg += "<path class=\"cs \(symbol.cssClass)\" stroke-width=\"\(n(symbol.roadWidth(zoom: zoom) + 2))\" d=\"\(paths[symbol]!.text)\"/>\n"
            }
            for symbol in roads {
                svg += "<path class=\"rd \(symbol.cssClass)\" stroke-width=\"\(n(symbol.roadWidth(zoom: zoom)))\" d=\"\(paths[symbol]!.text)\"/>\n"
            }
            if symbols.contains(.rail) { svg += "<path class=\"rail\" d=\"\(paths[.rail]!.text)\"/>\n" }

            // Labels, kept clear of the numbered points, of each other and of the frame's corners.
            let pins = stops.map { projection.position($0.position) }.map { MapPixel(x: $0.x, y: $0.y) }
            var space = LabelSpace(width: width, height: height)
            space.force(pins.map { LabelBox(around: $0, size: 22) })
            space.force([LabelBox(minX: 0, minY: height - 34, maxX: min(width * 0.4, 70 + scaleBarLength), maxY: height),
                         LabelBox(minX: width * 0.5, minY: height - 16, maxX: width, maxY: height)])
            var labels = ""
            // Every street that reaches the frame is named first; then each place's name at its point, else at
            // the nearest free spot within a few lines of it (a place names an area), else left out.
            let streetLabels = StreetLabels.place(streets, in: &space)
            var placeLabels = ""
            for place in places.sorted(by: { ($0.rank, $0.name) < ($1.rank, $1.name) }) {
                let half = StreetLabels.width(of: place.name, fontSize: 14) / 2 + 3
                for (dx, dy) in Self.placeMoves(half: half) {
                    let x = place.at.x + dx, y = place.at.y + dy
                    guard space.take([LabelBox(minX: x - half, minY: y - 12, maxX: x + half, maxY: y + 6)]) else { continue }
                    placeLabels += "<text class=\"place\" x=\"\(n(x))\" y=\"\(n(y))\">\(HTMLEscaping.escape(place.name))</text>\n"
                    break
                }
            }
            if !streetLabels.isEmpty {
                svg += "<defs>\n"
                for (index, label) in streetLabels.enumerated() where !label.isStraight {
                    var data = PathData()
                    data.add(label.line, closed: false)
                    svg += "<path id=\"s\(index)\" d=\"\(data.text)\"/>\n"
                }
                svg += "</defs>\n"
                for (index, label) in streetLabels.enumerated() {
                    let sized = label.fontSize == StreetLabels.fontSize ? "street" : "street s\(Int(label.fontSize))"
                    let name = HTMLEscaping.escape(label.name)
                    if label.isStraight, let a = label.line.first, let b = label.line.last {
                        let x = (a.x + b.x) / 2, y = (a.y + b.y) / 2
                        let degrees = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
                        let turn = abs(degrees) < 0.05 ? "" : " transform=\"rotate(\(n(degrees)) \(n(x)) \(n(y)))\""
                        labels += "<text class=\"\(sized)\" x=\"\(n(x))\" y=\"\(n(y))\" dy=\"0.35em\" text-anchor=\"middle\"\(turn)>\(name)</text>\n"
                    } else {
                        labels += "<text class=\"\(sized)\" dy=\"0.35em\"><textPath href=\"#s\(index)\" startOffset=\"50%\" text-anchor=\"middle\">"
                            + "\(name)</textPath></text>\n"
                    }
                }
            }
            svg += labels + placeLabels
            if let marks { return svg + marks(projection) + scaleBar() + credit(attribution) + "</svg>\n" }

            // The route, its ends, and a numbered point per photo.
            if pins.count > 1 {
                var route = PathData()
                route.add(pins, closed: false)
                svg += "<path class=\"route\" d=\"\(route.text)\"/>\n"
            }
            if let first = pins.first, let last = pins.last {
                svg += "<circle class=\"start\" cx=\"\(n(first.x))\" cy=\"\(n(first.y))\" r=\"13\"/>\n"
                if pins.count > 1 { svg += "<circle class=\"end\" cx=\"\(n(last.x))\" cy=\"\(n(last.y))\" r=\"13\"/>\n" }
            }
            for (index, (stop, pin)) in zip(stops, pins).enumerated() {
                let point = "<g class=\"pin\"><circle cx=\"\(n(pin.x))\" cy=\"\(n(pin.y))\" r=\"9\"/>"
                    + "<text x=\"\(n(pin.x))\" y=\"\(n(pin.y + 4))\">\(index + 1)</text></g>"
                svg += stop.link.map { "<a href=\"\(HTMLEscaping.escape($0))\" target=\"_top\">\(point)</a>\n" } ?? point + "\n"
            }
            return svg + scaleBar() + credit(attribution) + "</svg>\n"
        }

        /// The scale bar's round number of metres or kilometres, about a fifth of the width.
        private var scaleBarMetres: Double {
            let target = projection.width / 5 * projection.metresPerPixel
            let steps: [Double] = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000]
            return steps.last { $0 <= target } ?? steps[0]
        }

        /// The scale bar's length in pixels.
        private var scaleBarLength: Double { scaleBarMetres / projection.metresPerPixel }

        /// Where a place's name may go about its point, nearest first: up to three lines up or down, half its width aside.
        static func placeMoves(half: Double) -> [(Double, Double)] {
            var moves: [(Double, Double)] = []
            for dy in stride(from: -42.0, through: 42, by: 7) {
                for dx in [0, -half / 2, half / 2, -half, half] { moves.append((dx, dy)) }
            }
            return moves.sorted { $0.0 * $0.0 + 4 * $0.1 * $0.1 < $1.0 * $1.0 + 4 * $1.1 * $1.1 }
        }

        /// A bar of a round number of metres or kilometres, about a fifth of the width.
        private func scaleBar() -> String {
            let n = MapDrawing.number
            let metres = scaleBarMetres
            let length = scaleBarLength, y = projection.height - 16
            let label = metres < 1000 ? "\(Int(metres)) m" : "\(Int(metres / 1000)) km"
            return "<path class=\"scale\" d=\"M16 \(n(y - 8))V\(n(y))H\(n(16 + length))V\(n(y - 8))\"/>\n"
                + "<text class=\"scale-text\" x=\"\(n(24 + length))\" y=\"\(n(y + 2))\">\(label)</text>\n"
        }

        /// The data's attribution, bottom right, its markup (an archive's may hold links) taken out.
        private func credit(_ attribution: String) -> String {
            var text = "", inTag = false
            for character in attribution {
                if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
            }
            text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if text.isEmpty { text = "© OpenStreetMap contributors" }
            return "<text class=\"credit\" x=\"\(MapDrawing.number(projection.width - 6))\" y=\"\(MapDrawing.number(projection.height - 6))\">"
                + "\(HTMLEscaping.escape(text))</text>\n"
        }
    }
}
