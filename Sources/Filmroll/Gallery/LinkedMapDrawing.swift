/// The frame of the maps whose marks are links (the index's map, a trip's
/// map): an SVG over the built-in land and shores, embedded as an
/// `<object>` so that its links work, take the whole window (`target="_top"`)
/// and are reached with Tab, each showing a focus ring of its own.
enum LinkedMapDrawing {
    /// The SVG's opening: its title, the styles of land, sea, marks and
    /// focus ring in light and dark, and the sea.
    static func header(_ frame: MapFrame, title: String) -> String {
        let n = MapDrawing.number
        return """
            \(GalleryMark.svg.text)
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(n(frame.width)) \(n(frame.height))" \
            width="\(n(frame.width))" height="\(n(frame.height))" role="group" aria-label="\(HTMLEscaping.escape(title))">
            <title>\(HTMLEscaping.escape(title))</title>
            <style>
            .sea { fill: #dbe8f5; } .land { fill: #f4f1e8; stroke: #b9b2a0; stroke-width: 0.6; stroke-linejoin: round; }
            .shore-land { stroke: none; fill-rule: evenodd; } .shore { fill: none; stroke: #b9b2a0; stroke-width: 0.8; stroke-linejoin: round; }
            .river { fill: none; stroke: #c4daf1; stroke-linejoin: round; stroke-linecap: round; }
            \(markCSS)
            \(dayCSS)
            .scale { stroke: #333; stroke-width: 3; fill: none; } .scale-text { font: 20px sans-serif; fill: #333; }
            @media (prefers-color-scheme: dark) {
              .sea { fill: #16202c; } .land { fill: #2b2a27; stroke: #5d594f; } .shore-land { stroke: none; } .shore { stroke: #5d594f; }
              .river { stroke: #1c2938; }
              .scale { stroke: #ddd; } .scale-text { fill: #ddd; }
            }
            </style>
            <rect class="sea" width="100%" height="100%"/>

            """
    }

    /// The markers' and links' styles (the index's map over a basemap adds them to the basemap's).
    static let markCSS = """
        .marker { fill: #b3261e; fill-opacity: 0.85; stroke: #fff; stroke-width: 1.5; }
        .marker-count { font: bold 11px sans-serif; fill: #fff; text-anchor: middle; pointer-events: none; }
        .ring { fill: none; stroke: none; }
        a:focus { outline: 3px solid #0a55c2; outline-offset: 2px; } a:focus .ring, a:hover .ring { stroke: #1b1b1f; stroke-width: 3; }
        @media (prefers-color-scheme: dark) {
          .marker { fill: #e5534b; stroke: #121214; } .marker-count { fill: #121214; }
          a:focus { outline-color: #8cb8ff; } a:focus .ring, a:hover .ring { stroke: #f2f2f2; }
        }
        """

    /// A trip's days' styles: each day's colour (`.d0` fills, `.l0` strokes), its points and badges.
    static let dayCSS = """
        .leg { fill: none; stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; stroke-opacity: 0.9; }
        .stop { stroke: #fff; stroke-width: 1.2; }
        .badge { stroke: #fff; stroke-width: 2; } .badge-text { font: bold 14px sans-serif; fill: #fff; text-anchor: middle; }
        \(dayColours.enumerated().map { ".d\($0.offset) { fill: \($0.element.light); } .l\($0.offset) { stroke: \($0.element.light); }" }.joined(separator: " "))
        @media (prefers-color-scheme: dark) {
          \(dayColours.enumerated().map { ".d\($0.offset) { fill: \($0.element.dark); } .l\($0.offset) { stroke: \($0.element.dark); }" }.joined(separator: " "))
          .stop, .badge { stroke: #121214; } .badge-text { fill: #121214; }
        }
        """

    /// One colour per day of a trip, in turn (light, dark): far apart in hue,
    /// each dark enough for white numbers in light and light enough for dark ones in dark.
    static let dayColours: [(light: String, dark: String)] = [
        ("#0a55c2", "#8cb8ff"), ("#b3261e", "#ff8a80"), ("#1d7a3a", "#7ad38f"), ("#8a3ab9", "#d2a8ff"),
        ("#a15c00", "#ffb870"), ("#00707a", "#6fd6df"), ("#b0246e", "#ff8cc6"),
    ]

    /// The land and shores within `frame`: GSHHG's shorelines when installed
    /// (`fine`, and the frame small enough for them), else the 1:110m outlines.
    static func land(in frame: MapFrame, fine: Bool) -> String {
        if fine, let shores = Shorelines.installed.svg(in: frame) { return shores }
        var path = ""
        for ring in LandOutlines.rings where ring.bounds.intersects(frame.bounds) {
            for (index, point) in ring.points.enumerated() {
                let position = frame.position(point)
                path += (index == 0 ? "M" : "L") + MapDrawing.number(position.x) + " " + MapDrawing.number(position.y)
            }
            path += "Z"
        }
        return path.isEmpty ? "" : "<path class=\"land\" d=\"\(path)\"/>\n"
    }

    /// `svg` with the points of its paths' data ("M12.3 45.6L13 46Z") on whole
    /// pixels, a point on the one before it left out, and a ring of fewer than
    /// three points or a line of fewer than two dropped: fine shores at a
    /// small scale in a fraction of the bytes.
    static func onWholePixels(_ svg: String) -> String {
        var result = "", rest = Substring(svg)
        while let start = rest.firstRange(of: " d=\"") {
            result += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            result += wholePixelData(rest[..<end])
            rest = rest[end...]
        }
        return result + rest
    }

    private static func wholePixelData(_ data: Substring) -> String {
        var output = "", part: [(Int, Int)] = []
        func finish(closed: Bool) {
            if part.count >= (closed ? 3 : 2) {
                output += "M" + part.map { "\($0.0) \($0.1)" }.joined(separator: "L") + (closed ? "Z" : "")
            }
            part.removeAll()
        }
        var index = data.startIndex
        while index < data.endIndex {
            let command = data[index]
            index = data.index(after: index)
            if command == "Z" { finish(closed: true); continue }
            guard command == "M" || command == "L" else { continue }
            if command == "M" { finish(closed: false) }
            let numberEnd = data[index...].firstIndex { $0 == "M" || $0 == "L" || $0 == "Z" } ?? data.endIndex
            let numbers = data[index..<numberEnd].split(separator: " ").compactMap { Double($0) }
            index = numberEnd
            guard numbers.count == 2 else { continue }
            let point = (Int(numbers[0].rounded()), Int(numbers[1].rounded()))
            if part.last.map({ $0 != point }) ?? true { part.append(point) }
        }
        finish(closed: false)
        return output
    }

    /// A bar of a round number of kilometres (or metres), about a fifth of the width.
    static func scaleBar(_ frame: MapFrame) -> String {
        let n = MapDrawing.number
        let target = frame.width / 5 / frame.pixelsPerKilometre
        let steps: [Double] = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000]
        let kilometres = steps.last { $0 <= target } ?? steps[0]
        let length = kilometres * frame.pixelsPerKilometre
        let y = frame.height - 16, label = kilometres < 1 ? "\(Int(kilometres * 1000)) m" : "\(Int(kilometres)) km"
        return "<path class=\"scale\" d=\"M16 \(n(y - 8))V\(n(y))H\(n(16 + length))V\(n(y - 8))\"/>\n"
            + "<text class=\"scale-text\" x=\"\(n(24 + length))\" y=\"\(n(y + 2))\">\(label)</text>\n"
    }

    /// A link around `content` that takes the whole window, named for a screen reader.
    static func linking(_ href: String, label: String, _ content: String) -> String {
        "<a href=\"\(HTMLEscaping.escape(href))\" target=\"_top\" aria-label=\"\(HTMLEscaping.escape(label))\">\(content)</a>\n"
    }

    /// The `<object>` a page shows such a map with, the SVG as an image inside for browsers without.
    static func object(source: String, description: String, frame: MapFrame) -> String {
        let width = Int(frame.width), height = Int(frame.height)
        let image = "<img src=\"\(source)\" alt=\"\(description)\" width=\"\(width)\" height=\"\(height)\">"
        return "<object class=\"map\" type=\"image/svg+xml\" data=\"\(source)\" aria-label=\"\(description)\" "
            + "width=\"\(width)\" height=\"\(height)\" style=\"aspect-ratio: \(width) / \(height)\">\(image)</object>"
    }
}
