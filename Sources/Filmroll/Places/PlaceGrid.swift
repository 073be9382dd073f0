#if canImport(Glibc)
import Glibc
#endif

/// A spatial index of positions: the globe cut into 1°×1° cells (180 rows
/// from the south pole, 360 columns from 180° W), each listing the positions
/// in it. A lookup searches rings of cells outward from the query's cell and
/// stops when no cell further out can hold anything nearer (or within the
/// search radius); columns wrap across ±180°, and near a pole a ring widens
/// until it goes all the way round.
///
/// Positions are kept as unit vectors sorted by cell, so a cell's are
/// contiguous and "nearest" is the largest dot product: no trigonometry per
/// candidate.
struct PlaceGrid: Sendable {
    static let rows = 180, columns = 360

    /// One indexed position: its unit vector and its index in the list given.
    struct Entry: Sendable {
        var x: Double, y: Double, z: Double
        var index: Int32
    }

    /// Cell `row * 360 + column` holds `entries[cellStarts[cell] ..< cellStarts[cell + 1]]`.
    let cellStarts: [Int32]
    let entries: [Entry]

    /// Indexes the positions `position(0 ..< count)`, in degrees; one that
    /// fails `GreatCircle.isUsable` is left out, so no lookup finds it.
    init(count: Int, position: (Int) -> (latitude: Double, longitude: Double)) {
        precondition(count < Int(Int32.max))
        var cells = [Int32](repeating: -1, count: count)
        var vectors = [(x: Double, y: Double, z: Double)](repeating: (0, 0, 0), count: count)
        var starts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        for index in 0..<count {
            let (latitude, longitude) = position(index)
            guard GreatCircle.isUsable(latitude: latitude, longitude: longitude) else { continue }
            let cell = Self.cell(latitude: latitude, longitude: longitude)
            cells[index] = Int32(cell)
            vectors[index] = GreatCircle.unitVector(latitude: latitude, longitude: longitude)
            starts[cell + 1] += 1
        }
        for cell in 0..<(Self.rows * Self.columns) { starts[cell + 1] += starts[cell] }
        var next = starts
        var entries = [Entry](repeating: Entry(x: 0, y: 0, z: 0, index: 0), count: Int(starts[Self.rows * Self.columns]))
        for index in 0..<count where cells[index] >= 0 {
            let cell = Int(cells[index]), vector = vectors[index]
            entries[Int(next[cell])] = Entry(x: vector.x, y: vector.y, z: vector.z, index: Int32(index))
            next[cell] += 1
        }
        self.cellStarts = starts
        self.entries = entries
    }

    /// The bytes the index's two arrays take.
    var memoryBytes: Int {
        cellStarts.capacity * MemoryLayout<Int32>.stride + entries.capacity * MemoryLayout<Entry>.stride
    }

    static func row(latitude: Double) -> Int { min(rows - 1, max(0, Int((latitude + 90).rounded(.down)))) }

    /// 0 ..< 360; 180° E is 180° W.
    static func column(longitude: Double) -> Int {
        let column = Int((longitude + 180).rounded(.down)) % columns
        return column < 0 ? column + columns : column
    }

    static func cell(latitude: Double, longitude: Double) -> Int {
        row(latitude: latitude) * columns + column(longitude: longitude)
    }

    /// The index of the position nearest to (latitude, longitude) and its
    /// angular distance in radians, when one lies within `maximumAngle` radians.
    func nearest(latitude: Double, longitude: Double, within maximumAngle: Double) -> (index: Int, angle: Double)? {
        let longitude = longitude >= 180 ? longitude - 360 : longitude
        let query = GreatCircle.unitVector(latitude: latitude, longitude: longitude)
        let row0 = Self.row(latitude: latitude), column0 = Self.column(longitude: longitude)
        let cosLatitude = cos(GreatCircle.radians(latitude))
        var bestDot = cos(maximumAngle), bestIndex = -1
        var bestAngle = maximumAngle

        return cellStarts.withUnsafeBufferPointer { starts in
            entries.withUnsafeBufferPointer { entries in
                func scan(_ row: Int, _ column: Int) {
                    let wrapped = column < 0 ? column + Self.columns : column >= Self.columns ? column - Self.columns : column
                    let cell = row * Self.columns + wrapped
                    for slot in Int(starts[cell])..<Int(starts[cell + 1]) {
                        let entry = entries[slot]
                        let dot = entry.x * query.x + entry.y * query.y + entry.z * query.z
                        if dot > bestDot { bestDot = dot; bestIndex = Int(entry.index) }
                    }
                }
                /// Whether a row's band of latitudes comes nearer than the best so far.
                func reachable(_ row: Int) -> Bool {
                    guard row >= 0 && row < Self.rows else { return false }
                    let south = Double(row - 90), gap = max(0, south - latitude, latitude - (south + 1))
                    return GreatCircle.radians(gap) < bestAngle
                }

                var ring = 0
                while true {
                    // Columns column0 - left ... column0 + right: never more than 360.
                    let left = min(ring, Self.columns / 2 - 1), right = min(ring, Self.columns / 2)
                    if ring == 0 {
                        scan(row0, column0)
                    } else {
                        for row in stride(from: row0 - ring, through: row0 + ring, by: 2 * ring) where reachable(row) {
                            for column in (column0 - left)...(column0 + right) { scan(row, column) }
                        }
                        // The side columns, unless the rows above already went all the way round.
                        let westSide = ring <= left, eastSide = ring <= right
                        if westSide || eastSide {
                            for row in max(0, row0 - ring + 1)...min(Self.rows - 1, row0 + ring - 1) where reachable(row) {
                                if westSide { scan(row, column0 - ring) }
                                if eastSide { scan(row, column0 + ring) }
                            }
                        }
                    }
                    if bestIndex >= 0 { bestAngle = acos(min(1, bestDot)) }
                    // Anything outside the cells searched lies beyond one of their edges.
                    let infinity = Double.infinity
                    let southGap = row0 - ring <= 0 ? infinity : GreatCircle.radians(latitude - Double(row0 - ring - 90))
                    let northGap = row0 + ring >= Self.rows - 1 ? infinity : GreatCircle.radians(Double(row0 + ring + 1 - 90) - latitude)
                    var sideGap = infinity
                    if left + right + 1 < Self.columns {
                        let west = longitude - Double(column0 - left - 180), east = Double(column0 + right + 1 - 180) - longitude
                        // The distance to the nearest meridian outside: asin(cos φ · sin Δλ), Δλ ≤ 90°.
                        sideGap = asin(min(1, cosLatitude * sin(GreatCircle.radians(min(90, west, east)))))
                    }
                    if min(southGap, northGap, sideGap) >= bestAngle { break }
                    ring += 1
                }
                return bestIndex >= 0 ? (bestIndex, bestAngle) : nil
            }
        }
    }
}
