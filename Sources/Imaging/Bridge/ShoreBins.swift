import CImaging

/// The bins of a GSHHG binned file (GMT's shorelines, lakes or rivers) that
/// meet a box, through CImaging (`cimg_shore_read_bins`, libnetcdf loaded on first use).
public struct ShoreBins: Sendable {
    /// A piece of outline or river inside one bin.
    public struct Segment: Sendable {
        /// Shorelines: what lies inside (1 land, 2 lake, 3 island in a lake, 4 pond). Rivers: GSHHG's class.
        public var level: Int
        /// The bin side it enters and leaves by (0 south, 1 east, 2 north, 3 west); 4 when it closes inside the bin.
        public var entry: Int, exit: Int
        /// Longitude, latitude pairs, degrees; longitudes as the bin has them (0 ..< 360).
        public var points: [Double]

        public init(level: Int, entry: Int, exit: Int, points: [Double]) {
            (self.level, self.entry, self.exit, self.points) = (level, entry, exit, points)
        }
    }

    /// One bin: its south-west corner and size in degrees, the levels at its
    /// corners (south-west, south-east, north-east, north-west), its segments.
    public struct Bin: Sendable {
        public var west: Double, south: Double, size: Double
        public var cornerLevels: [Int]
        public var segments: [Segment]

        public init(west: Double, south: Double, size: Double, cornerLevels: [Int], segments: [Segment]) {
            (self.west, self.south, self.size, self.cornerLevels, self.segments) = (west, south, size, cornerLevels, segments)
        }
    }

    /// Why a file could not be read.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// The box met more bins or points than allowed: not an error in the file.
        public var isLimit: Bool
    }

    public var bins: [Bin]

    public init(bins: [Bin]) { self.bins = bins }

    /// Reads the bins of the file at `path` that meet the box (degrees), at
    /// most `maximumBins` of them and `maximumPoints` points: the file opened,
    /// read and closed.
    public static func read(path: String, rivers: Bool, south: Double, west: Double, north: Double, east: Double,
                            maximumBins: Int, maximumPoints: Int) throws(ReadError) -> ShoreBins {
        let file = try ShoreFile(path: path, rivers: rivers)
        let numbers = try file.binNumbers(south: south, west: west, north: north, east: east, maximumBins: maximumBins)
        return try file.read(numbers, maximumPoints: maximumPoints)
    }
}

/// A GSHHG binned file held open (`cimg_shore_open`): its bin index read
/// once, its bins read when asked for. Safe to share between threads: CImaging
/// makes every call into libnetcdf on one thread of its own, one at a time.
public final class ShoreFile: @unchecked Sendable {
    public let path: String
    public let rivers: Bool
    /// Bins in 360° of longitude and 180° of latitude, and a bin's size in degrees.
    public let columns: Int, rows: Int, binSize: Double
    private let handle: OpaquePointer

    /// Opens the file; throws when it is missing, not a GSHHG binned file, or libnetcdf cannot be loaded.
    public init(path: String, rivers: Bool) throws(ShoreBins.ReadError) {
        var opened: OpaquePointer?
        var error = cimg_error()
        let status = cimg_shore_open(path, rivers ? 1 : 0, &opened, &error)
        guard status == 0, let opened else {
            throw ShoreBins.ReadError(description: "\(path): \(cTextField(error.message))", isLimit: false)
        }
        var columns: Int32 = 0, rows: Int32 = 0, size = 0.0
        cimg_shore_grid(opened, &columns, &rows, &size)
        (self.path, self.rivers, handle) = (path, rivers, opened)
        (self.columns, self.rows, binSize) = (Int(columns), Int(rows), size)
    }

    deinit { cimg_shore_close(handle) }

    /// The numbers of the bins that meet the box (degrees; west may exceed
    /// east across ±180°), row by row from the north; a limit error past `maximumBins`.
    public func binNumbers(south: Double, west: Double, north: Double, east: Double,
                           maximumBins: Int) throws(ShoreBins.ReadError) -> [Int] {
        guard south.isFinite, west.isFinite, north.isFinite, east.isFinite, south <= north else {
            throw ShoreBins.ReadError(description: "\(path): not a box", isLimit: false)
        }
        let rowFirst = max(0, Int(((90 - min(90, north)) / binSize).rounded(.down)))
        let rowLast = min(rows - 1, Int(((90 - max(-90, south)) / binSize).rounded(.down)))
        let span = min(360, east >= west ? east - west : east + 360 - west)
        let start = (west.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let columnFirst = Int((start / binSize).rounded(.down))
        let columnCount = min(columns, Int(((start + span) / binSize).rounded(.down)) - columnFirst + 1)
        guard rowLast >= rowFirst else { return [] }
        let count = (rowLast - rowFirst + 1) * columnCount
        guard count <= maximumBins else {
            throw ShoreBins.ReadError(description: "\(path): the box meets \(count) bins (at most \(maximumBins))", isLimit: true)
        }
        return (rowFirst...rowLast).flatMap { row in (0..<columnCount).map { row * columns + (columnFirst + $0) % columns } }
    }

    /// Reads the bins numbered `numbers`, at most `maximumPoints` points in all.
    public func read(_ numbers: [Int], maximumPoints: Int) throws(ShoreBins.ReadError) -> ShoreBins {
        var shore = cimg_shore()
        var error = cimg_error()
        let numbers32 = numbers.map { Int32(clamping: $0) }
        let status = numbers32.withUnsafeBufferPointer {
            cimg_shore_read_bins(handle, $0.baseAddress, $0.count, maximumPoints, &shore, &error)
        }
        guard status == 0 else {
            throw ShoreBins.ReadError(description: "\(path): \(cTextField(error.message))", isLimit: status == Int32(CIMG_ERR_LIMIT.rawValue))
        }
        defer { cimg_shore_free(&shore) }
        let segments = UnsafeBufferPointer(start: shore.segments, count: shore.segment_count)
        let points = UnsafeBufferPointer(start: shore.points, count: shore.point_count * 2)
        let bins = UnsafeBufferPointer(start: shore.bins, count: shore.bin_count).map { bin in
            ShoreBins.Bin(west: bin.west, south: bin.south, size: bin.size,
                          cornerLevels: [Int(bin.corner_levels.0), Int(bin.corner_levels.1), Int(bin.corner_levels.2), Int(bin.corner_levels.3)],
                          segments: segments[bin.first_segment ..< bin.first_segment + bin.segment_count].map { segment in
                              ShoreBins.Segment(level: Int(segment.level), entry: Int(segment.entry), exit: Int(segment.exit),
                                                points: Array(points[segment.first_point * 2 ..< (segment.first_point + segment.point_count) * 2]))
                          })
        }
        return ShoreBins(bins: bins)
    }
}
