import CImaging

/// The bins of a GSHHG binned file (GMT's shorelines, lakes or rivers) that
/// meet a box, through CImaging (`cimg_shore_read`, libnetcdf loaded on first use).
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

    /// Reads the bins of the file at `path` that meet the box (degrees), at
    /// most `maximumBins` of them and `maximumPoints` points.
    public static func read(path: String, rivers: Bool, south: Double, west: Double, north: Double, east: Double,
                            maximumBins: Int, maximumPoints: Int) throws(ReadError) -> ShoreBins {
        var shore = cimg_shore()
        var error = cimg_error()
        let status = cimg_shore_read(path, rivers ? 1 : 0, south, west, north, east, maximumBins, maximumPoints, &shore, &error)
        guard status == 0 else {
            throw ReadError(description: "\(path): \(cTextField(error.message))", isLimit: status == Int32(CIMG_ERR_LIMIT.rawValue))
        }
        defer { cimg_shore_free(&shore) }
        let segments = UnsafeBufferPointer(start: shore.segments, count: shore.segment_count)
        let points = UnsafeBufferPointer(start: shore.points, count: shore.point_count * 2)
        let bins = UnsafeBufferPointer(start: shore.bins, count: shore.bin_count).map { bin in
            Bin(west: bin.west, south: bin.south, size: bin.size,
                cornerLevels: [Int(bin.corner_levels.0), Int(bin.corner_levels.1), Int(bin.corner_levels.2), Int(bin.corner_levels.3)],
                segments: segments[bin.first_segment ..< bin.first_segment + bin.segment_count].map { segment in
                    Segment(level: Int(segment.level), entry: Int(segment.entry), exit: Int(segment.exit),
                            points: Array(points[segment.first_point * 2 ..< (segment.first_point + segment.point_count) * 2]))
                })
        }
        return ShoreBins(bins: bins)
    }
}
