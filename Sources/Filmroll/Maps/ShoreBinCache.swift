import Imaging

/// A piece of GSHHG outline in degrees (longitude, latitude pairs, longitudes
/// −180 … 180) with its box: a ring whose even-odd fill is land, a stretch of
/// shore, or a river (`level`, its class).
struct ShorePiece: Sendable {
    let points: [Double]
    let level: Int
    let south: Double, west: Double, north: Double, east: Double

    init(points: [Double], level: Int = 0) {
        var (south, west, north, east) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        var index = 0
        while index + 1 < points.count {
            (west, east) = (min(west, points[index]), max(east, points[index]))
            (south, north) = (min(south, points[index + 1]), max(north, points[index + 1]))
            index += 2
        }
        (self.points, self.level) = (points, level)
        (self.south, self.west, self.north, self.east) = (south, west, north, east)
    }

    func meets(_ box: GeoBounds) -> Bool {
        west <= box.east && east >= box.west && south <= box.north && north >= box.south
    }
}

/// One bin made ready to draw: its land rings (`ShoreRings`) and its
/// segments as lines, each with its box.
final class PreparedShoreBin: Sendable {
    let rings: [ShorePiece]
    let lines: [ShorePiece]
    let pointCount: Int

    init(_ bin: ShoreBins.Bin, rivers: Bool) {
        rings = rivers ? [] : ShoreRings.rings(bin).map { ring in
            var points: [Double] = []
            points.reserveCapacity(ring.count * 2)
            for point in ring {
                points.append(point.longitude)
                points.append(point.latitude)
            }
            return ShorePiece(points: points)
        }
        lines = bin.segments.map { segment in
            var points = segment.points
            var index = 0
            while index < points.count {
                if points[index] > 180 { points[index] -= 360 }
                index += 2
            }
            return ShorePiece(points: points, level: segment.level)
        }
        pointCount = (rings.reduce(0) { $0 + $1.points.count } + lines.reduce(0) { $0 + $1.points.count }) / 2
    }
}

/// A GSHHG binned file opened once and the bins read from it, kept for the
/// run up to `pointBudget` points (the oldest let go first). Safe to use
/// from many threads: one reads at a time, and a bin is read once.
final class ShoreBinCache: Sendable {
    let path: String
    let rivers: Bool
    /// Points kept at most (about 16 bytes each, twice: rings and lines).
    let pointBudget: Int

    private struct State {
        var file: Result<ShoreFile, ShoreBins.ReadError>?
        var bins: [Int: PreparedShoreBin] = [:]
        var order: [Int] = []
        var points = 0
    }

    private let state = Locked(State())

    init(path: String, rivers: Bool, pointBudget: Int = 3_000_000) {
        (self.path, self.rivers, self.pointBudget) = (path, rivers, pointBudget)
    }

    /// The bins that meet `box`, north to south, west to east: read when not
    /// kept. Throws when the file cannot be opened or read (the opening's
    /// failure is kept for the run), or, as a limit, when the box meets more
    /// than `Shorelines.maximumBins` bins.
    func bins(meeting box: GeoBounds) throws(ShoreBins.ReadError) -> [PreparedShoreBin] {
        try state.withLock { (state: inout State) throws(ShoreBins.ReadError) -> [PreparedShoreBin] in
            let file: ShoreFile
            switch state.file {
            case .success(let opened): file = opened
            case .failure(let error): throw error
            case nil:
                let opened = Result { () throws(ShoreBins.ReadError) -> ShoreFile in try ShoreFile(path: path, rivers: rivers) }
                state.file = opened
                file = try opened.get()
            }
            let numbers = try file.binNumbers(south: box.south, west: box.west, north: box.north, east: box.east,
                                              maximumBins: Shorelines.maximumBins)
            let missing = numbers.filter { state.bins[$0] == nil }
            if !missing.isEmpty {
                let read = try file.read(missing, maximumPoints: Shorelines.maximumPoints)
                for (number, bin) in zip(missing, read.bins) {
                    let prepared = PreparedShoreBin(bin, rivers: rivers)
                    state.bins[number] = prepared
                    state.order.append(number)
                    state.points += prepared.pointCount
                }
            }
            let found = numbers.compactMap { state.bins[$0] }
            while state.points > pointBudget, state.order.count > numbers.count, let oldest = state.order.first,
                  !numbers.contains(oldest) {
                state.order.removeFirst()
                state.points -= state.bins.removeValue(forKey: oldest)?.pointCount ?? 0
            }
            return found
        }
    }
}
