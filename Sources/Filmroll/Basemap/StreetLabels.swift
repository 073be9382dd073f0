/// Where a map's labels may go: the frame cut into 4 px cells, each taken
/// at most once, so two labels that each keep to their own cells never overlap.
struct LabelSpace {
    static let cell = 4.0
    let columns: Int, rows: Int
    private var taken: [Bool]

    init(width: Double, height: Double) {
        columns = max(1, Int((width / Self.cell).rounded(.up)))
        rows = max(1, Int((height / Self.cell).rounded(.up)))
        taken = Array(repeating: false, count: columns * rows)
    }

    /// The cells a box touches; nil when any part of it is outside the frame.
    private func cells(_ box: LabelBox) -> [Int]? {
        let firstColumn = Int((box.minX / Self.cell).rounded(.down)), lastColumn = Int((box.maxX / Self.cell).rounded(.down))
        let firstRow = Int((box.minY / Self.cell).rounded(.down)), lastRow = Int((box.maxY / Self.cell).rounded(.down))
        guard firstColumn >= 0, firstRow >= 0, lastColumn < columns, lastRow < rows else { return nil }
        var indices: [Int] = []
        for row in firstRow...lastRow { for column in firstColumn...lastColumn { indices.append(row * columns + column) } }
        return indices
    }

    /// Takes the cells of `boxes` when all are free and inside the frame; false (nothing taken) otherwise.
    mutating func take(_ boxes: [LabelBox]) -> Bool {
        var indices: [Int] = []
        for box in boxes {
            guard let cells = cells(box) else { return false }
            indices += cells
        }
        guard !indices.contains(where: { taken[$0] }) else { return false }
        for index in indices { taken[index] = true }
        return true
    }

    /// Takes the cells of `boxes` whatever holds them (the route's numbered points), clipped to the frame.
    mutating func force(_ boxes: [LabelBox]) {
        for box in boxes {
            let clipped = LabelBox(minX: max(0, box.minX), minY: max(0, box.minY),
                                   maxX: min(Double(columns) * Self.cell - 0.01, box.maxX), maxY: min(Double(rows) * Self.cell - 0.01, box.maxY))
            guard clipped.minX <= clipped.maxX, clipped.minY <= clipped.maxY else { continue }
            for index in cells(clipped) ?? [] { taken[index] = true }
        }
    }
}

/// A box in a map's pixels.
struct LabelBox: Sendable, Hashable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    /// A square of side `size` about `centre`.
    init(around centre: MapPixel, size: Double) {
        (minX, minY, maxX, maxY) = (centre.x - size / 2, centre.y - size / 2, centre.x + size / 2, centre.y + size / 2)
    }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    func overlaps(_ other: LabelBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

/// Street names set along their lines: each name once, on the longest
/// straight-enough stretch of its street that is free, reading left to
/// right; a name longer than its street, or that would touch another
/// label, is left out.
struct StreetLabels {
    static let fontSize = 11.0

    /// A placed name: the stretch of line it follows (as long as the text, left to right) and the name.
    struct Label: Sendable, Hashable {
        var name: String
        var line: [MapPixel]
        /// The squares its letters stand in.
        var boxes: [LabelBox]
    }

    /// The width of `text` set at `fontSize`: an average Latin letter is
    /// about 0.6 em, a Han, Hangul or kana one a whole em.
    static func width(of text: String, fontSize: Double = fontSize) -> Double {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 1.0 : 0.62) } * fontSize
    }

    /// Places the names of `streets` (each line in the frame's pixels) into `space`.
    static func place(_ streets: [(name: String, line: [MapPixel])], in space: inout LabelSpace) -> [Label] {
        var byName: [String: [[MapPixel]]] = [:]
        var order: [String] = []
        for street in streets where street.line.count > 1 {
            if byName[street.name] == nil { order.append(street.name) }
            byName[street.name, default: []].append(street.line)
        }
        var candidates = order.map { name in (name: name, lines: joined(byName[name] ?? [])) }
        candidates.sort { ($0.lines.first.map(length) ?? 0) > ($1.lines.first.map(length) ?? 0) }
        var labels: [Label] = []
        for candidate in candidates {
            let textLength = width(of: candidate.name) + 6
            search: for line in candidate.lines where length(line) >= textLength {
                let total = length(line)
                // From the middle outwards, every 8 px.
                let tries = Int((total - textLength) / 16) + 1
                for attempt in 0...(2 * tries) {
                    let middle = total / 2 + Double(attempt % 2 == 0 ? attempt / 2 : -(attempt + 1) / 2) * 8
                    guard middle - textLength / 2 >= 0, middle + textLength / 2 <= total else { continue }
                    var stretch = piece(of: line, from: middle - textLength / 2, to: middle + textLength / 2)
                    guard stretch.count > 1, isStraightEnough(stretch, length: textLength) else { continue }
                    if stretch[stretch.count - 1].x < stretch[0].x { stretch.reverse() }
                    let boxes = footprint(stretch)
                    if space.take(boxes) {
                        labels.append(Label(name: candidate.name, line: stretch, boxes: boxes))
                        break search
                    }
                }
            }
        }
        return labels
    }

    /// Pieces of one street joined where one ends at another's start or end, longest first.
    static func joined(_ pieces: [[MapPixel]]) -> [[MapPixel]] {
        var lines = pieces
        var merged = true
        while merged && lines.count > 1 {
            merged = false
            outer: for i in lines.indices {
                for j in lines.indices where j != i {
                    let a = lines[i], b = lines[j]
                    var joined: [MapPixel]? = nil
                    if close(a[a.count - 1], b[0]) { joined = a + b.dropFirst() }
                    else if close(a[a.count - 1], b[b.count - 1]) { joined = a + b.reversed().dropFirst() }
                    else if close(a[0], b[0]) { joined = a.reversed() + b.dropFirst() }
                    if let joined {
                        lines[i] = joined
                        lines.remove(at: j)
                        merged = true
                        break outer
                    }
                }
            }
        }
        return lines.sorted { length($0) > length($1) }
    }

    private static func close(_ a: MapPixel, _ b: MapPixel) -> Bool { abs(a.x - b.x) < 1 && abs(a.y - b.y) < 1 }

    static func length(_ line: [MapPixel]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    private static func distance(_ a: MapPixel, _ b: MapPixel) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }

    /// The part of `line` between two distances along it.
    static func piece(of line: [MapPixel], from start: Double, to end: Double) -> [MapPixel] {
        var result: [MapPixel] = [], travelled = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            let step = distance(a, b)
            defer { travelled += step }
            guard step > 0, travelled + step >= start, travelled <= end else { continue }
            func at(_ along: Double) -> MapPixel {
                let t = min(1, max(0, (along - travelled) / step))
                return MapPixel(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
            if result.isEmpty { result.append(at(start)) }
            result.append(travelled + step <= end ? b : at(end))
        }
        return result
    }

    /// Text bends with its line, but not round a corner: the stretch's ends are at least 80% of its length apart.
    private static func isStraightEnough(_ stretch: [MapPixel], length: Double) -> Bool {
        distance(stretch[0], stretch[stretch.count - 1]) >= 0.8 * length
    }

    /// Squares along the stretch, a letter's height each, every half letter.
    private static func footprint(_ stretch: [MapPixel]) -> [LabelBox] {
        let total = length(stretch), step = fontSize / 2
        var boxes: [LabelBox] = [], along = 0.0
        while along <= total {
            boxes.append(LabelBox(around: point(on: stretch, at: along), size: fontSize + 2))
            along += step
        }
        boxes.append(LabelBox(around: stretch[stretch.count - 1], size: fontSize + 2))
        return boxes
    }

    private static func point(on line: [MapPixel], at along: Double) -> MapPixel {
        piece(of: line, from: along, to: along).first ?? line[0]
    }
}
