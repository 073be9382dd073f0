/// Pixel paths clipped to a map (with a pixel's margin) and simplified to the
/// pixel: a point closer than `tolerance` to the last one kept is dropped.
struct PixelClip {
    let west: Double, north: Double, east: Double, south: Double
    static let tolerance = 0.6

    init(width: Double, height: Double) {
        (west, north, east, south) = (-2, -2, width + 2, height + 2)
    }

    /// A closed ring as "M…Z" (Sutherland–Hodgman against the four edges, when
    /// it reaches past one); nothing when less than a pixel is left.
    func ring(_ points: [(x: Double, y: Double)], into path: inout SVGPathText) {
        guard points.count >= 3 else { return }
        var low = (x: Double.infinity, y: Double.infinity), high = (x: -Double.infinity, y: -Double.infinity)
        for point in points {
            (low.x, low.y) = (min(low.x, point.x), min(low.y, point.y))
            (high.x, high.y) = (max(high.x, point.x), max(high.y, point.y))
        }
        guard high.x >= west, low.x <= east, high.y >= north, low.y <= south else { return }
        var polygon = points
        if low.x < west || high.x > east || low.y < north || high.y > south {
            for edge in 0..<4 where !polygon.isEmpty {
                let input = polygon
                polygon = []
                polygon.reserveCapacity(input.count + 4)
                var previous = input[input.count - 1]
                for current in input {
                    let currentIn = inside(current, edge), previousIn = inside(previous, edge)
                    if currentIn != previousIn { polygon.append(crossing(previous, current, edge)) }
                    if currentIn { polygon.append(current) }
                    previous = current
                }
            }
        }
        let kept = simplified(polygon)
        guard kept.count >= 3 else { return }
        path.polyline(kept)
        path.close()
    }

    /// An open line as "M…L…", cut where it leaves the map.
    func line(_ points: [(x: Double, y: Double)], into path: inout SVGPathText) {
        var run: [(x: Double, y: Double)] = []
        func flush() {
            let kept = simplified(run)
            if kept.count >= 2 { path.polyline(kept) }
            run.removeAll(keepingCapacity: true)
        }
        var previousIn = false, isIn = points.first.map(within) ?? false
        for index in points.indices {
            let nextIn = index + 1 < points.count && within(points[index + 1])
            if isIn || nextIn || previousIn { run.append(points[index]) } else if !run.isEmpty { flush() }
            (previousIn, isIn) = (isIn, nextIn)
        }
        flush()
    }

    /// The same as `ring(_:into:)` and `line(_:into:)`, as text.
    func ring(_ points: [(x: Double, y: Double)]) -> String {
        var path = SVGPathText()
        ring(points, into: &path)
        return path.text
    }

    func line(_ points: [(x: Double, y: Double)]) -> String {
        var path = SVGPathText()
        line(points, into: &path)
        return path.text
    }

    private func within(_ point: (x: Double, y: Double)) -> Bool {
        point.x >= west && point.x <= east && point.y >= north && point.y <= south
    }

    private func inside(_ point: (x: Double, y: Double), _ edge: Int) -> Bool {
        switch edge {
        case 0: return point.x >= west
        case 1: return point.x <= east
        case 2: return point.y >= north
        default: return point.y <= south
        }
    }

    private func crossing(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), _ edge: Int) -> (x: Double, y: Double) {
        if edge < 2 {
            let x = edge == 0 ? west : east, t = (x - a.x) / (b.x - a.x)
            return (x, a.y + t * (b.y - a.y))
        }
        let y = edge == 2 ? north : south, t = (y - a.y) / (b.y - a.y)
        return (a.x + t * (b.x - a.x), y)
    }

    private func simplified(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        guard var last = points.first else { return [] }
        var kept = [last]
        kept.reserveCapacity(points.count)
        for point in points.dropFirst() where abs(point.x - last.x) + abs(point.y - last.y) >= Self.tolerance {
            kept.append(point)
            last = point
        }
        if let end = points.last, kept.count > 1, end.x != last.x || end.y != last.y { kept.append(end) }
        return kept
    }
}

/// An SVG path's "d" text built as bytes, its numbers written as
/// `MapDrawing.number` writes them (at most one decimal).
struct SVGPathText {
    private(set) var bytes: [UInt8] = []

    var isEmpty: Bool { bytes.isEmpty }
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// "Mx yLx y…" through the points.
    mutating func polyline(_ points: [(x: Double, y: Double)]) {
        for (index, point) in points.enumerated() {
            bytes.append(index == 0 ? UInt8(ascii: "M") : UInt8(ascii: "L"))
            number(point.x)
            bytes.append(UInt8(ascii: " "))
            number(point.y)
        }
    }

    mutating func close() { bytes.append(UInt8(ascii: "Z")) }

    /// `value` rounded to tenths: "12", "12.3", "-0.5".
    mutating func number(_ value: Double) {
        let tenths = Int((value * 10).rounded())
        if tenths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = tenths.magnitude
        digits(magnitude / 10)
        if magnitude % 10 != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
        }
    }

    private mutating func digits(_ value: UInt) {
        if value >= 10 { digits(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
