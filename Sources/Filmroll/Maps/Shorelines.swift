#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// Shorelines, lakes and big rivers at a scale that fits a city, for day maps
/// drawn without a basemap: GSHHG 2.3.7 at full resolution (Wessel and Smith,
/// LGPL-3; Debian's gmt-gshhg-full, 41 MB in /usr/share/gmt-gshhg), read
/// with libnetcdf one 1° bin at a time, only the bins that meet the map.
/// When the files are missing the maps are drawn as before, from the built-in
/// 1:110m outlines, and `notice` is told once.
final class Shorelines: Sendable {
    /// Debian's files, telling a missing file on standard error once per process.
    static let installed = Shorelines(directory: "/usr/share/gmt-gshhg") { message in
        var line = "filmroll: \(message)\n"
        line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Larger maps (more than 6° by 6°) are drawn from the 1:110m outlines.
    static let maximumBins = 36
    /// No map reads more points than this (16 bytes each while read).
    static let maximumPoints = 2_000_000
    /// The river classes drawn (double-lined, permanent major, additional major, additional; major canals),
    /// each as wide as a river of its class may be (km; GSHHG gives only the centre line), and never thinner than a line (px).
    static let riverWidths: [Int: (kilometres: Double, pixels: Double)] = [
        1: (0.4, 2.6), 2: (0.4, 2.6), 3: (0.25, 1.8), 4: (0.06, 1.2), 9: (0.04, 1.2),
    ]

    let shorelineFile: String
    let riverFile: String
    private let notice: @Sendable (String) -> Void
    private let noticed = Locked(false)

    /// Whether the shoreline file was there when this was made, looked at
    /// once (a map's key holds it, so that installing or removing the data
    /// draws the maps again), not once a map.
    let isPresent: Bool

    init(directory: String, notice: @escaping @Sendable (String) -> Void) {
        shorelineFile = directory + "/binned_GSHHS_f.nc"
        isPresent = access(shorelineFile, R_OK) == 0
        riverFile = directory + "/binned_river_f.nc"
        self.notice = notice
    }

    /// The land, shores and rivers inside `frame` as SVG elements (classes
    /// land, shore, river); nil when the data is missing or unreadable (told
    /// once) or the frame too large for it.
    func svg(in frame: MapFrame) -> String? {
        guard access(shorelineFile, R_OK) == 0 else {
            tellOnce("day maps are drawn without shorelines, lakes and rivers: \(shorelineFile) is missing "
                     + "(Debian's gmt-gshhg-full package holds it)")
            return nil
        }
        let box = frame.bounds
        let shores: ShoreBins
        do {
            shores = try ShoreBins.read(path: shorelineFile, rivers: false, south: box.south, west: box.west, north: box.north, east: box.east,
                                        maximumBins: Self.maximumBins, maximumPoints: Self.maximumPoints)
        } catch {
            if !error.isLimit { tellOnce("day maps are drawn without shorelines: \(error.description)") }
            return nil
        }
        let clip = PixelClip(width: frame.width, height: frame.height)
        var land = "", shore = ""
        for bin in shores.bins {
            for ring in ShoreRings.rings(bin) {
                land += clip.ring(ring.map(frame.position))
            }
            for segment in bin.segments {
                shore += clip.line(stride(from: 0, to: segment.points.count - 1, by: 2).map {
                    frame.position(ShoreRings.point(segment.points[$0], segment.points[$0 + 1]))
                })
            }
        }
        var svg = land.isEmpty ? "" : "<path class=\"land shore-land\" d=\"\(land)\"/>\n"
        if !shore.isEmpty { svg += "<path class=\"shore\" d=\"\(shore)\"/>\n" }
        svg += rivers(in: frame, clip: clip)
        return svg
    }

    /// The rivers of the drawn classes, one path per width; "" when the river file is missing or unreadable.
    private func rivers(in frame: MapFrame, clip: PixelClip) -> String {
        let box = frame.bounds
        guard access(riverFile, R_OK) == 0,
              let rivers = try? ShoreBins.read(path: riverFile, rivers: true, south: box.south, west: box.west, north: box.north, east: box.east,
                                               maximumBins: Self.maximumBins, maximumPoints: Self.maximumPoints)
        else { return "" }
        var paths: [Double: String] = [:]
        for bin in rivers.bins {
            for segment in bin.segments {
                guard let kind = Self.riverWidths[segment.level] else { continue }
                let width = max(kind.pixels, (kind.kilometres * frame.pixelsPerKilometre).rounded())
                paths[width, default: ""] += clip.line(stride(from: 0, to: segment.points.count - 1, by: 2).map {
                    frame.position(ShoreRings.point(segment.points[$0], segment.points[$0 + 1]))
                })
            }
        }
        return paths.sorted { $0.key < $1.key }.filter { !$0.value.isEmpty }.map {
            "<path class=\"river\" stroke-width=\"\(MapDrawing.number($0.key))\" d=\"\($0.value)\"/>\n"
        }.joined()
    }

    private func tellOnce(_ message: String) {
        let first = noticed.withLock { told in
            defer { told = true }
            return !told
        }
        if first { notice(message) }
    }
}

/// Pixel paths clipped to a map (with a pixel's margin) and simplified to the
/// pixel: a point closer than `tolerance` to the last one kept is dropped.
struct PixelClip {
    let west: Double, north: Double, east: Double, south: Double
    let tolerance = 0.6

    init(width: Double, height: Double) {
        (west, north, east, south) = (-2, -2, width + 2, height + 2)
    }

    /// A closed ring as "M…Z" (Sutherland–Hodgman against the four edges); "" when nothing is left.
    func ring(_ points: [(x: Double, y: Double)]) -> String {
        var polygon = points
        for edge in 0..<4 where !polygon.isEmpty {
            let input = polygon
            polygon = []
            var previous = input[input.count - 1]
            for current in input {
                let currentIn = inside(current, edge), previousIn = inside(previous, edge)
                if currentIn != previousIn { polygon.append(crossing(previous, current, edge)) }
                if currentIn { polygon.append(current) }
                previous = current
            }
        }
        let kept = simplified(polygon)
        guard kept.count >= 3 else { return "" }
        return "M" + kept.map { MapDrawing.number($0.x) + " " + MapDrawing.number($0.y) }.joined(separator: "L") + "Z"
    }

    /// An open line as "M…L…", cut where it leaves the map; "" when nothing is left.
    func line(_ points: [(x: Double, y: Double)]) -> String {
        var result = "", run: [(x: Double, y: Double)] = []
        func flush() {
            let kept = simplified(run)
            if kept.count >= 2 { result += "M" + kept.map { MapDrawing.number($0.x) + " " + MapDrawing.number($0.y) }.joined(separator: "L") }
            run = []
        }
        for (index, point) in points.enumerated() {
            let isIn = (0..<4).allSatisfy { inside(point, $0) }
            let nextIn = index + 1 < points.count && (0..<4).allSatisfy { inside(points[index + 1], $0) }
            let previousIn = index > 0 && (0..<4).allSatisfy { inside(points[index - 1], $0) }
            if isIn || nextIn || previousIn { run.append(point) } else { flush() }
        }
        flush()
        return result
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
        for point in points.dropFirst() where abs(point.x - last.x) + abs(point.y - last.y) >= tolerance {
            kept.append(point)
            last = point
        }
        if let end = points.last, kept.count > 1, end.x != last.x || end.y != last.y { kept.append(end) }
        return kept
    }
}
