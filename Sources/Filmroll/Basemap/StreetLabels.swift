/// Where a map's labels may go: the frame cut into 4 px cells, each taken
/// at most once, so two labels that each keep to their own cells never overlap.
/// A row's cells are bits of 64-bit words, so a box is checked a word at a time.
struct LabelSpace {
    static let cell = 4.0
    let columns: Int, rows: Int
    private let wordsPerRow: Int
    private var taken: [UInt64]

    init(width: Double, height: Double) {
        columns = max(1, Int((width / Self.cell).rounded(.up)))
        rows = max(1, Int((height / Self.cell).rounded(.up)))
        wordsPerRow = (columns + 63) / 64
        taken = Array(repeating: 0, count: wordsPerRow * rows)
    }

    /// The columns and rows a box touches; nil when any part of it is outside the frame.
    private func span(_ box: LabelBox) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard box.minX >= 0, box.minY >= 0, box.minX <= box.maxX, box.minY <= box.maxY else { return nil }
        let lastColumn = Int(box.maxX / Self.cell), lastRow = Int(box.maxY / Self.cell)
        guard lastColumn < columns, lastRow < rows else { return nil }
        return (Int(box.minX / Self.cell)...lastColumn, Int(box.minY / Self.cell)...lastRow)
    }

    /// The bits of word `word` (of a row) that the columns cover.
    private static func mask(_ columns: ClosedRange<Int>, word: Int) -> UInt64 {
        let first = max(columns.lowerBound, word * 64) - word * 64, last = min(columns.upperBound, word * 64 + 63) - word * 64
        guard first <= last else { return 0 }
        let width = last - first + 1
        return (width == 64 ? ~0 : ((1 << UInt64(width)) - 1)) << UInt64(first)
    }

    /// Whether `box` lies inside the frame on free cells.
    func isFree(_ box: LabelBox) -> Bool {
        guard let (columns, rows) = span(box) else { return false }
        for word in (columns.lowerBound / 64)...(columns.upperBound / 64) {
            let bits = Self.mask(columns, word: word)
            for row in rows where taken[row * wordsPerRow + word] & bits != 0 { return false }
        }
        return true
    }

    private mutating func mark(_ columns: ClosedRange<Int>, _ rows: ClosedRange<Int>) {
        for word in (columns.lowerBound / 64)...(columns.upperBound / 64) {
            let bits = Self.mask(columns, word: word)
            for row in rows { taken[row * wordsPerRow + word] |= bits }
        }
    }

    /// Takes the cells of `boxes` when all are free and inside the frame; false (nothing taken) otherwise.
    mutating func take(_ boxes: [LabelBox]) -> Bool {
        guard boxes.allSatisfy(isFree) else { return false }
        for box in boxes { if let (columns, rows) = span(box) { mark(columns, rows) } }
        return true
    }

    /// Takes the cells of `boxes` whatever holds them (the route's numbered points), clipped to the frame.
    mutating func force(_ boxes: [LabelBox]) {
        for box in boxes {
            let clipped = LabelBox(minX: max(0, box.minX), minY: max(0, box.minY),
                                   maxX: min(Double(columns) * Self.cell - 0.01, box.maxX), maxY: min(Double(rows) * Self.cell - 0.01, box.maxY))
            if let (columns, rows) = span(clipped) { mark(columns, rows) }
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

/// Street names on a day map: every named street that reaches the frame
/// carries its name once, as text that never overlaps another label and
/// never reads upside down. A street's pieces (across tiles, across its
/// ways) are first joined into lines; its name then follows the line on
/// a straight-enough stretch, tried every few pixels along every line from
/// the middle outwards, then beside the line; a street too short for its
/// name has it set straight across its middle, along its direction; only
/// when nothing is free at 11 px is a smaller size tried.
struct StreetLabels {
    static let fontSize = 11.0
    /// The sizes tried in turn, the smaller ones only when nothing else is free.
    static let fontSizes = [11.0, 10.0, 9.0]

    /// A placed name: the stretch it follows, left to right (as long as
    /// the text; two points when it is set straight), its size, and the
    /// squares its letters stand in.
    struct Label: Sendable, Hashable {
        var name: String
        var line: [MapPixel]
        var boxes: [LabelBox]
        var fontSize = StreetLabels.fontSize
        /// Set straight (rotated text about the line's middle) rather than along the line.
        var isStraight = false
    }

    /// The width of `text` set at `fontSize` in a sans-serif: narrow and
    /// wide Latin letters apart, a Han, Hangul or kana one a whole em.
    static func width(of text: String, fontSize: Double = fontSize) -> Double {
        text.unicodeScalars.reduce(0) { sum, scalar in
            let em: Double = switch scalar {
            case "i", "j", "l", "I", "!", ".", ",", "'", ":", ";", "|": 0.32
            case " ", "f", "t", "r", "-", "(", ")": 0.42
            case "m", "w", "M", "W", "Æ", "Œ", "@": 1.0
            case "A"..."Z", "Ä", "Ö", "Å", "Ü": 0.74
            default: scalar.value >= 0x2E80 ? 1.0 : 0.64
            }
            return sum + em
        } * fontSize
    }

    /// Places the names of `streets` (each line in the frame's pixels) into `space`.
    static func place(_ streets: [(name: String, line: [MapPixel])], in space: inout LabelSpace) -> [Label] {
        var byName: [String: [[MapPixel]]] = [:]
        var order: [String] = []
        for street in streets where street.line.count > 1 {
            if byName[street.name] == nil { order.append(street.name) }
            byName[street.name, default: []].append(street.line)
        }
        // The streets with least room first: those too short for their name, then by the room to spare.
        var candidates = order.map { name in
            let lines = joined(byName[name] ?? [])
            return Candidate(name: name, lines: lines, room: (lines.first.map(length) ?? 0) - width(of: name) - 6)
        }.sorted { ($0.room, $0.name) < ($1.room, $1.name) }
        // When a street found no room, it goes first (after those already moved) and all are placed again,
        // a few times at most; the try that names the most is kept.
        var stretches: [String: [[MapPixel]]] = [:]
        var best = placing(candidates, in: space, stretches: &stretches), latest = best
        var first: [String] = []
        for _ in 0..<4 where latest.unplaced > 0 && latest.unplaced <= 8 {
            let placed = Set(latest.labels.map(\.name))
            first += candidates.map(\.name).filter { !placed.contains($0) && !first.contains($0) }
            let rank = Dictionary(uniqueKeysWithValues: first.enumerated().map { ($1, $0) })
            candidates = candidates.enumerated().sorted { (rank[$0.element.name] ?? first.count + $0.offset, $0.offset)
                < (rank[$1.element.name] ?? first.count + $1.offset, $1.offset) }.map(\.element)
            latest = placing(candidates, in: space, stretches: &stretches)
            if latest.unplaced < best.unplaced { best = latest }
        }
        space = best.space
        return best.labels
    }

    /// A street to name: its joined lines, longest first, and how much longer the longest is than its name.
    private struct Candidate {
        var name: String
        var lines: [[MapPixel]]
        var room: Double
    }

    /// One placing of `candidates` in order into a copy of `space`, smaller sizes last
    /// (`stretches`: each name's stretches at each size, found once for all placings).
    private static func placing(_ candidates: [Candidate], in start: LabelSpace,
                                stretches: inout [String: [[MapPixel]]]) -> (labels: [Label], unplaced: Int, space: LabelSpace) {
        var space = start
        var labels: [Label] = [], unplaced: [Candidate] = []
        for candidate in candidates {
            if let label = label(candidate.name, candidate.lines, fontSize: fontSize, space: &space, stretches: &stretches) { labels.append(label) }
            else { unplaced.append(candidate) }
        }
        // The last resort: a smaller size.
        var left = 0
        for candidate in unplaced {
            var placed: Label?
            for size in fontSizes.dropFirst() where placed == nil {
                placed = label(candidate.name, candidate.lines, fontSize: size, space: &space, stretches: &stretches)
            }
            if let placed { labels.append(placed) } else { left += 1 }
        }
        return (labels, left, space)
    }

    /// The first free place for `name` at `fontSize`: along a line, beside it, else straight across a line's middle.
    private static func label(_ name: String, _ lines: [[MapPixel]], fontSize: Double, space: inout LabelSpace,
                              stretches: inout [String: [[MapPixel]]]) -> Label? {
        let textLength = width(of: name, fontSize: fontSize) + 6
        let key = "\(Int(fontSize)) \(name)"
        let along = stretches[key] ?? lines.flatMap { self.stretches(of: $0, textLength: textLength) }
        stretches[key] = along
        for offset in [0.0, fontSize * 0.9, -fontSize * 0.9] {
            for stretch in along {
                let placed = offset == 0 ? stretch : shifted(stretch, by: offset)
                if let boxes = footprint(placed, fontSize: fontSize, in: space), space.take(boxes) {
                    return Label(name: name, line: placed, boxes: boxes, fontSize: fontSize)
                }
            }
        }
        for line in lines.prefix(4) {
            if let label = straight(name, line, textLength: textLength, fontSize: fontSize, space: &space) { return label }
        }
        // At the smallest size, further from the middle of its longest line.
        guard fontSize == fontSizes[fontSizes.count - 1], let line = lines.first else { return nil }
        return straight(name, line, textLength: textLength, fontSize: fontSize, moves: farMoves, space: &space)
    }

    /// The stretches of `line` as long as the text, every 4 px from its
    /// middle outwards, straight enough to read, each left to right.
    private static func stretches(of line: [MapPixel], textLength: Double) -> [[MapPixel]] {
        let total = length(line)
        guard total >= textLength else { return [] }
        var found: [[MapPixel]] = []
        let tries = Int((total - textLength) / 8) + 1
        for attempt in 0...(2 * tries) {
            let middle = total / 2 + Double(attempt % 2 == 0 ? attempt / 2 : -(attempt + 1) / 2) * 4
            guard middle - textLength / 2 >= 0, middle + textLength / 2 <= total else { continue }
            var stretch = piece(of: line, from: middle - textLength / 2, to: middle + textLength / 2)
            guard stretch.count > 1, isStraightEnough(stretch, length: textLength) else { continue }
            if stretch[stretch.count - 1].x < stretch[0].x { stretch.reverse() }
            found.append(stretch)
        }
        return found
    }

    /// Straight text along `line`'s direction, reading left to right:
    /// centred on its middle, else moved along and across it a little,
    /// else about points every 8 px along it from the middle outwards.
    private static func straight(_ name: String, _ line: [MapPixel], textLength: Double, fontSize: Double,
                                 moves: [(along: Double, across: Double)] = nearMoves, space: inout LabelSpace) -> Label? {
        let total = length(line)
        var anchors = [total / 2]
        if moves.count == nearMoves.count {
            for step in 1...max(1, min(16, Int(total / 16))) { anchors += [total / 2 - Double(step) * 8, total / 2 + Double(step) * 8] }
        }
        for (index, along) in anchors.enumerated() where along >= 0 && along <= total {
            let centre = point(on: line, at: along)
            let ends = piece(of: line, from: max(0, along - textLength / 2), to: min(total, along + textLength / 2))
            var dx = ends[ends.count - 1].x - ends[0].x, dy = ends[ends.count - 1].y - ends[0].y
            let norm = (dx * dx + dy * dy).squareRoot()
            if norm < 0.01 { (dx, dy) = (1, 0) } else { (dx, dy) = (dx / norm, dy / norm) }
            if dx < 0 || (dx == 0 && dy > 0) { (dx, dy) = (-dx, -dy) }
            for move in index == 0 ? moves : acrossMoves {
                let x = centre.x + dx * move.along - dy * move.across, y = centre.y + dy * move.along + dx * move.across
                let stretch = [MapPixel(x: x - dx * textLength / 2, y: y - dy * textLength / 2), MapPixel(x: x + dx * textLength / 2, y: y + dy * textLength / 2)]
                if let boxes = footprint(stretch, fontSize: fontSize, in: space), space.take(boxes) {
                    return Label(name: name, line: stretch, boxes: boxes, fontSize: fontSize, isStraight: true)
                }
            }
        }
        return nil
    }

    /// Moves about a short street's middle (px along and across it), nearest first.
    private static let nearMoves: [(along: Double, across: Double)] = {
        var moves: [(along: Double, across: Double)] = []
        for along in stride(from: -48.0, through: 48, by: 6) {
            for across in stride(from: -36.0, through: 36, by: 6) { moves.append((along, across)) }
        }
        return moves.sorted { $0.along * $0.along + 2 * $0.across * $0.across < $1.along * $1.along + 2 * $1.across * $1.across }
    }()

    /// Moves about a street's middle beyond `nearMoves`, up to 96 px along and 60 across, nearest first.
    private static let farMoves: [(along: Double, across: Double)] = {
        var moves: [(along: Double, across: Double)] = []
        for along in stride(from: -96.0, through: 96, by: 8) {
            for across in stride(from: -60.0, through: 60, by: 6) where abs(along) > 48 || abs(across) > 36 { moves.append((along, across)) }
        }
        return moves.sorted { $0.along * $0.along + 2 * $0.across * $0.across < $1.along * $1.along + 2 * $1.across * $1.across }
    }()

    /// Moves across a line at a point along it: on it, then to either side.
    private static let acrossMoves: [(along: Double, across: Double)] = [0, 8, -8, 15, -15].map { (0, $0) }

    /// `stretch` moved `offset` px to the side of its chord (left of its direction when positive).
    private static func shifted(_ stretch: [MapPixel], by offset: Double) -> [MapPixel] {
        let first = stretch[0], last = stretch[stretch.count - 1]
        let chord = max(0.01, distance(first, last))
        let nx = (first.y - last.y) / chord * offset, ny = (last.x - first.x) / chord * offset
        return stretch.map { MapPixel(x: $0.x + nx, y: $0.y + ny) }
    }

    /// Pieces of one street joined where one ends within a pixel and a half of another's start or end, longest first.
    static func joined(_ pieces: [[MapPixel]]) -> [[MapPixel]] {
        var lines = pieces.filter { $0.count > 1 }
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

    private static func close(_ a: MapPixel, _ b: MapPixel) -> Bool { abs(a.x - b.x) < 1.5 && abs(a.y - b.y) < 1.5 }

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

    /// Text bends with its line, but not round a corner: the stretch's ends
    /// are at least 85% of its length apart and no turn in it is sharper than 40°.
    private static func isStraightEnough(_ stretch: [MapPixel], length: Double) -> Bool {
        guard distance(stretch[0], stretch[stretch.count - 1]) >= 0.85 * length else { return false }
        for index in stretch.indices.dropFirst().dropLast() {
            let a = stretch[index - 1], b = stretch[index], c = stretch[index + 1]
            let ux = b.x - a.x, uy = b.y - a.y, vx = c.x - b.x, vy = c.y - b.y
            let lengths = (ux * ux + uy * uy).squareRoot() * (vx * vx + vy * vy).squareRoot()
            if lengths > 1e-6 && (ux * vx + uy * vy) / lengths < 0.766 { return false }
        }
        return true
    }

    /// Squares along the stretch, a letter's height each, every half letter;
    /// nil as soon as one is outside the frame or on a taken cell of `space`.
    private static func footprint(_ stretch: [MapPixel], fontSize: Double = fontSize, in space: LabelSpace) -> [LabelBox]? {
        guard eachBox(of: stretch, fontSize: fontSize, { space.isFree($0) }) else { return nil }
        var boxes: [LabelBox] = []
        _ = eachBox(of: stretch, fontSize: fontSize) { boxes.append($0); return true }
        return boxes
    }

    /// Calls `body` with each square of the stretch's footprint in turn while it returns true; whether all did.
    private static func eachBox(of stretch: [MapPixel], fontSize: Double, _ body: (LabelBox) -> Bool) -> Bool {
        let step = fontSize / 2, size = fontSize + 1
        var along = 0.0, travelled = 0.0
        for index in stretch.indices.dropLast() {
            let a = stretch[index], b = stretch[index + 1]
            let length = distance(a, b)
            while along <= travelled + length {
                let t = length > 0 ? (along - travelled) / length : 0
                guard body(LabelBox(around: MapPixel(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), size: size)) else { return false }
                along += step
            }
            travelled += length
        }
        return body(LabelBox(around: stretch[stretch.count - 1], size: size))
    }

    private static func point(on line: [MapPixel], at along: Double) -> MapPixel {
        piece(of: line, from: along, to: along).first ?? line[0]
    }
}
