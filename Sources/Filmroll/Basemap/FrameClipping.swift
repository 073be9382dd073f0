/// Cutting a map's lines and shapes to its frame, and thinning them to
/// the pixel, before they are written.
struct FrameClipping {
    let minX: Double, minY: Double, maxX: Double, maxY: Double

    /// The frame `width` × `height` grown by `margin` pixels each way (so a
    /// stroke's end or a shape's edge falls outside what is seen).
    init(width: Double, height: Double, margin: Double) {
        (minX, minY, maxX, maxY) = (-margin, -margin, width + margin, height + margin)
    }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// A tile's own square (its buffer left out) in the frame's pixels, cut to `frame`.
    init(tile placement: TilePlacement, extent: Int, within frame: FrameClipping) {
        let size = Double(max(1, extent)) * placement.factor
        self.init(minX: max(frame.minX, placement.offsetX), minY: max(frame.minY, placement.offsetY),
                  maxX: min(frame.maxX, placement.offsetX + size), maxY: min(frame.maxY, placement.offsetY + size))
    }

    func contains(_ point: MapPixel) -> Bool { point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY }

    /// The pieces of a line inside the box (Liang–Barsky, segment by segment).
    func clip(line points: [MapPixel]) -> [[MapPixel]] {
        var pieces: [[MapPixel]] = [], current: [MapPixel] = []
        for index in points.indices.dropFirst() {
            guard let (start, end) = clip(points[index - 1], points[index]) else {
                if current.count > 1 { pieces.append(current) }
                current = []
                continue
            }
            if current.isEmpty || current.last != start {
                if current.count > 1 { pieces.append(current) }
                current = [start]
            }
            current.append(end)
            if end != points[index] {
                pieces.append(current)
                current = []
            }
        }
        if current.count > 1 { pieces.append(current) }
        return pieces
    }

    private func clip(_ a: MapPixel, _ b: MapPixel) -> (MapPixel, MapPixel)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { if r > t1 { return nil }; t0 = max(t0, r) } else { if r < t0 { return nil }; t1 = min(t1, r) }
            }
        }
        let start = t0 == 0 ? a : MapPixel(x: a.x + t0 * dx, y: a.y + t0 * dy)
        let end = t1 == 1 ? b : MapPixel(x: a.x + t1 * dx, y: a.y + t1 * dy)
        return (start, end)
    }

    /// A ring cut to the box (Sutherland–Hodgman); empty when nothing of it is inside.
    func clip(ring points: [MapPixel]) -> [MapPixel] {
        var ring = points
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        if ring.allSatisfy(contains) { return ring }
        for edge in 0..<4 {
            guard let last = ring.last else { return [] }
            var output: [MapPixel] = []
            output.reserveCapacity(ring.count + 4)
            var previous = last
            for point in ring {
                let inside = isInside(point, edge), previousInside = isInside(previous, edge)
                if inside {
                    if !previousInside { output.append(crossing(previous, point, edge)) }
                    output.append(point)
                } else if previousInside {
                    output.append(crossing(previous, point, edge))
                }
                previous = point
            }
            ring = output
        }
        return ring.count > 2 ? ring : []
    }

    private func isInside(_ point: MapPixel, _ edge: Int) -> Bool {
        switch edge {
        case 0: point.x >= minX
        case 1: point.x <= maxX
        case 2: point.y >= minY
        default: point.y <= maxY
        }
    }

    private func crossing(_ a: MapPixel, _ b: MapPixel, _ edge: Int) -> MapPixel {
        switch edge {
        case 0, 1:
            let x = edge == 0 ? minX : maxX
            return MapPixel(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
        default:
            let y = edge == 2 ? minY : maxY
            return MapPixel(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y)
        }
    }

    /// The points with those closer than `tolerance` pixels to the last kept one dropped (the last point kept).
    static func thinned(_ points: [MapPixel], tolerance: Double = 0.5) -> [MapPixel] {
        guard points.count > 2 else { return points }
        var kept = [points[0]]
        kept.reserveCapacity(points.count)
        let squared = tolerance * tolerance
        for point in points.dropFirst().dropLast() {
            let last = kept[kept.count - 1]
            if (point.x - last.x) * (point.x - last.x) + (point.y - last.y) * (point.y - last.y) >= squared { kept.append(point) }
        }
        let end = points[points.count - 1], last = kept[kept.count - 1]
        if kept.count > 1 && (end.x - last.x) * (end.x - last.x) + (end.y - last.y) * (end.y - last.y) < squared { kept.removeLast() }
        kept.append(end)
        return kept
    }
}

/// SVG path data, coordinates to one decimal.
struct PathData {
    private(set) var text = ""

    var isEmpty: Bool { text.isEmpty }

    /// A line (or a closed ring) as "M x y x y …" (after a move, pairs draw
    /// lines), "Z" at a ring's end.
    mutating func add(_ points: [MapPixel], closed: Bool) {
        guard points.count > 1 else { return }
        var previous = (Int.min, Int.min)
        for (index, point) in points.enumerated() {
            let pair = (Int((point.x * 10).rounded()), Int((point.y * 10).rounded()))
            if pair == previous { continue }
            text.unicodeScalars.append(index == 0 ? "M" : " ")
            Self.append(tenths: pair.0, to: &text)
            text.unicodeScalars.append(" ")
            Self.append(tenths: pair.1, to: &text)
            previous = pair
        }
        if closed { text += "Z" }
    }

    /// Appends a number given in tenths with at most one decimal, as
    /// `MapDrawing.number` writes it ("12", "-0.5", "3.2").
    static func append(tenths: Int, to text: inout String) {
        if tenths < 0 { text.unicodeScalars.append("-") }
        let magnitude = tenths.magnitude
        text += String(magnitude / 10)
        if magnitude % 10 != 0 {
            text.unicodeScalars.append(".")
            text.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(magnitude % 10)))
        }
    }
}
