/// SVG maps drawn from the built-in land outlines, with no network: a
/// day's route (its photos' positions in time order) and the library's
/// places. Each is a whole SVG file that the pages show as an image; its
/// colours follow the reader's light or dark scheme.
enum MapDrawing {
    /// A day's map: land, sea, lakes and rivers around the route (GSHHG's
    /// full-resolution shorelines when `shorelines` has them, else the 1:110m
    /// outlines), the route, and a dot per place (the first and last larger).
    /// nil when no photo has a position.
    static func day(_ route: [GeoPoint], title: String, shorelines: Shorelines = .installed) -> String? {
        guard let frame = dayFrame(route) else { return nil }
        var svg = header(frame, title: title) + (shorelines.svg(in: frame) ?? land(in: frame))
        let positions = route.map(frame.position)
        if positions.count > 1 {
            svg += "<polyline class=\"route\" points=\"" + positions.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ") + "\"/>\n"
        }
        for (index, position) in positions.enumerated() {
            let end = index == 0 || index == positions.count - 1
            svg += "<circle class=\"\(index == 0 ? "start" : (end ? "end" : "stop"))\" cx=\"\(number(position.x))\" "
                + "cy=\"\(number(position.y))\" r=\"\(end ? 7 : 4)\"/>\n"
        }
        return svg + scaleBar(frame) + "</svg>\n"
    }

    /// The frame of a day's map; nil when no photo has a position.
    static func dayFrame(_ route: [GeoPoint]) -> MapFrame? {
        GeoBounds(route).map { MapFrame(around: padded($0), width: 640, aspects: 0.5...1.0) }
    }

    /// The frame of the library's map.
    static let libraryFrame = MapFrame(around: GeoBounds(south: -58, west: -180, north: 84, east: 180), width: 1000, aspects: 0.3...0.6)

    /// The library's map: the world, and a dot on each place photos were taken (larger where there are more).
    static func library(_ places: [GeoPoint], title: String) -> String? {
        guard !places.isEmpty else { return nil }
        var counts: [GeoPoint: Int] = [:]
        for place in places {
            counts[GeoPoint(latitude: (place.latitude * 4).rounded() / 4, longitude: (place.longitude * 4).rounded() / 4), default: 0] += 1
        }
        let frame = libraryFrame
        var svg = header(frame, title: title) + land(in: frame)
        for (place, count) in counts.sorted(by: { ($0.key.latitude, $0.key.longitude) < ($1.key.latitude, $1.key.longitude) }) {
            let position = frame.position(place)
            let radius = min(12, 3 + 2 * Double(count).squareRoot().squareRoot())
            svg += "<circle class=\"place\" cx=\"\(number(position.x))\" cy=\"\(number(position.y))\" r=\"\(number(radius))\"/>\n"
        }
        return svg + "</svg>\n"
    }

    /// The route's box with room around it: a quarter of its size each way, and at least 2 km across.
    static func padded(_ box: GeoBounds) -> GeoBounds {
        let latitudeSpan = max(box.north - box.south, 0.02), longitudeSpan = max(box.east - box.west, 0.02)
        return GeoBounds(south: max(-85, box.south - latitudeSpan / 4 - (0.02 - min(0.02, box.north - box.south)) / 2),
                         west: box.west - longitudeSpan / 4 - (0.02 - min(0.02, box.east - box.west)) / 2,
                         north: min(85, box.north + latitudeSpan / 4 + (0.02 - min(0.02, box.north - box.south)) / 2),
                         east: box.east + longitudeSpan / 4 + (0.02 - min(0.02, box.east - box.west)) / 2)
    }

    private static func header(_ frame: MapFrame, title: String) -> String {
        """
        \(GalleryMark.svg.text)
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(number(frame.width)) \(number(frame.height))" \
        width="\(number(frame.width))" height="\(number(frame.height))" role="img" aria-label="\(HTMLEscaping.escape(title))">
        <title>\(HTMLEscaping.escape(title))</title>
        <style>
        .sea { fill: #dbe8f5; } .land { fill: #f4f1e8; stroke: #b9b2a0; stroke-width: 0.6; stroke-linejoin: round; }
        .shore-land { stroke: none; fill-rule: evenodd; } .shore { fill: none; stroke: #b9b2a0; stroke-width: 0.8; stroke-linejoin: round; }
        .river { fill: none; stroke: #c4daf1; stroke-linejoin: round; stroke-linecap: round; }
        .route { fill: none; stroke: #0a55c2; stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; }
        .start { fill: #1d7a3a; stroke: #fff; stroke-width: 2; } .end { fill: #b3261e; stroke: #fff; stroke-width: 2; }
        .stop { fill: #0a55c2; stroke: #fff; stroke-width: 1.5; } .place { fill: #b3261e; fill-opacity: 0.8; stroke: #fff; stroke-width: 1; }
        .scale { stroke: #333; stroke-width: 3; fill: none; } .scale-text { font: 20px sans-serif; fill: #333; }
        @media (prefers-color-scheme: dark) {
          .sea { fill: #16202c; } .land { fill: #2b2a27; stroke: #5d594f; } .shore-land { stroke: none; } .shore { stroke: #5d594f; }
          .river { stroke: #1c2938; }
          .route { stroke: #8cb8ff; } .stop { fill: #8cb8ff; stroke: #121214; } .start, .end, .place { stroke: #121214; }
          .scale { stroke: #ddd; } .scale-text { fill: #ddd; }
        }
        </style>
        <rect class="sea" width="100%" height="100%"/>

        """
    }

    /// The outlines that reach into the frame, as one path.
    private static func land(in frame: MapFrame) -> String {
        var path = ""
        for ring in LandOutlines.rings where ring.bounds.intersects(frame.bounds) {
            for (index, point) in ring.points.enumerated() {
                let position = frame.position(point)
                path += (index == 0 ? "M" : "L") + number(position.x) + " " + number(position.y)
            }
            path += "Z"
        }
        return path.isEmpty ? "" : "<path class=\"land\" d=\"\(path)\"/>\n"
    }

    /// A bar of a round number of kilometres (or metres), about a fifth of the width.
    private static func scaleBar(_ frame: MapFrame) -> String {
        let target = frame.width / 5 / frame.pixelsPerKilometre
        let steps: [Double] = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000]
        let kilometres = steps.last { $0 <= target } ?? steps[0]
        let length = kilometres * frame.pixelsPerKilometre
        let y = frame.height - 16, label = kilometres < 1 ? "\(Int(kilometres * 1000)) m" : "\(Int(kilometres)) km"
        return "<path class=\"scale\" d=\"M16 \(number(y - 8))V\(number(y))H\(number(16 + length))V\(number(y - 8))\"/>\n"
            + "<text class=\"scale-text\" x=\"\(number(24 + length))\" y=\"\(number(y + 2))\">\(label)</text>\n"
    }

    /// A coordinate with at most one decimal.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
