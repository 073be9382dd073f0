#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// Shorelines, lakes and big rivers at a scale that fits a city, for day maps
/// drawn without a basemap: GSHHG 2.3.7 at full resolution (Wessel and Smith,
/// LGPL-3; Debian's gmt-gshhg-full, 41 MB in /usr/share/gmt-gshhg), read
/// with libnetcdf one 1° bin at a time, only the bins that meet the map.
/// The files are opened once a run and the bins read kept (`ShoreBinCache`),
/// so the maps of a city's days read them once; maps may be drawn on many
/// threads at once. When the files are missing the maps are drawn as before,
/// from the built-in 1:110m outlines, and `takeTrouble()` says why, once.
final class Shorelines: Sendable {
    /// Debian's files.
    static let installed = Shorelines(directory: "/usr/share/gmt-gshhg")

    /// Larger maps (more than 6° by 6°) are drawn from the 1:110m outlines.
    static let maximumBins = 36
    /// No bin read holds more points than this (16 bytes each while read).
    static let maximumPoints = 2_000_000
    /// The river classes drawn (double-lined, permanent major, additional major, additional; major canals),
    /// each as wide as a river of its class may be (km; GSHHG gives only the centre line), and never thinner than a line (px).
    static let riverWidths: [Int: (kilometres: Double, pixels: Double)] = [
        1: (0.4, 2.6), 2: (0.4, 2.6), 3: (0.25, 1.8), 4: (0.06, 1.2), 9: (0.04, 1.2),
    ]

    let shorelineFile: String
    let riverFile: String

    /// Whether the shoreline file was there when this was made, looked at
    /// once (a map's key holds it, so that installing or removing the data
    /// draws the maps again), not once a map.
    let isPresent: Bool

    private let shores: ShoreBinCache
    private let rivers: ShoreBinCache
    private let trouble = Locked<(message: String?, told: Bool)>((nil, false))

    init(directory: String) {
        shorelineFile = directory + "/binned_GSHHS_f.nc"
        isPresent = access(shorelineFile, R_OK) == 0
        riverFile = directory + "/binned_river_f.nc"
        shores = ShoreBinCache(path: shorelineFile, rivers: false)
        rivers = ShoreBinCache(path: riverFile, rivers: true)
    }

    /// Why maps were drawn without shorelines (the file missing or
    /// unreadable), the first time it is asked after it happened; nil
    /// otherwise. The caller reports it: once a run.
    func takeTrouble() -> String? {
        trouble.withLock { trouble in
            guard let message = trouble.message, !trouble.told else { return nil }
            trouble.told = true
            return message
        }
    }

    private func note(_ message: String) {
        trouble.withLock { if $0.message == nil { $0.message = message } }
    }

    /// The land, shores and rivers inside `frame` as SVG elements (classes
    /// land, shore, river); nil when the data is missing or unreadable (noted
    /// for `takeTrouble`) or the frame too large for it.
    func svg(in frame: MapFrame) -> String? {
        guard access(shorelineFile, R_OK) == 0 else {
            note("missing: day maps are drawn without shorelines, lakes and rivers (Debian's gmt-gshhg-full package holds it)")
            return nil
        }
        let bins: [PreparedShoreBin]
        do {
            bins = try shores.bins(meeting: frame.bounds)
        } catch {
            if !error.isLimit { note("cannot be read (\(error.description)): day maps are drawn without shorelines") }
            return nil
        }
        let clip = PixelClip(width: frame.width, height: frame.height)
        let projection = ShoreProjection(frame)
        var land = SVGPathText(), shore = SVGPathText()
        for bin in bins {
            for ring in bin.rings where ring.meets(frame.bounds) {
                clip.ring(projection.pixels(ring), into: &land)
            }
        }
        for bin in bins {
            for line in bin.lines where line.meets(frame.bounds) {
                clip.line(projection.pixels(line), into: &shore)
            }
        }
        var svg = land.isEmpty ? "" : "<path class=\"land shore-land\" d=\"\(land.text)\"/>\n"
        if !shore.isEmpty { svg += "<path class=\"shore\" d=\"\(shore.text)\"/>\n" }
        svg += riverPaths(in: frame, clip: clip, projection: projection)
        return svg
    }

    /// The rivers of the drawn classes, one path per width; "" when the river file is missing or unreadable.
    private func riverPaths(in frame: MapFrame, clip: PixelClip, projection: ShoreProjection) -> String {
        guard access(riverFile, R_OK) == 0, let bins = try? rivers.bins(meeting: frame.bounds) else { return "" }
        var paths: [Double: SVGPathText] = [:]
        for bin in bins {
            for line in bin.lines where line.meets(frame.bounds) {
                guard let kind = Self.riverWidths[line.level] else { continue }
                let width = max(kind.pixels, (kind.kilometres * frame.pixelsPerKilometre).rounded())
                clip.line(projection.pixels(line), into: &paths[width, default: SVGPathText()])
            }
        }
        return paths.sorted { $0.key < $1.key }.filter { !$0.value.isEmpty }.map {
            "<path class=\"river\" stroke-width=\"\(MapDrawing.number($0.key))\" d=\"\($0.value.text)\"/>\n"
        }.joined()
    }
}

/// A map frame's projection of shore pieces to pixels, dropping a point
/// closer than a pixel's `tolerance` to the last one kept (the ends kept).
struct ShoreProjection {
    let frame: MapFrame
    let tolerance = PixelClip.tolerance

    init(_ frame: MapFrame) { self.frame = frame }

    func pixels(_ piece: ShorePiece) -> [(x: Double, y: Double)] {
        let points = piece.points
        guard points.count >= 2 else { return [] }
        var kept: [(x: Double, y: Double)] = []
        kept.reserveCapacity(points.count / 2)
        var last = frame.position(GeoPoint(latitude: points[1], longitude: points[0]))
        kept.append(last)
        var index = 2
        while index + 1 < points.count {
            let position = frame.position(GeoPoint(latitude: points[index + 1], longitude: points[index]))
            if abs(position.x - last.x) + abs(position.y - last.y) >= tolerance {
                kept.append(position)
                last = position
            }
            index += 2
        }
        let end = frame.position(GeoPoint(latitude: points[points.count - 1], longitude: points[points.count - 2]))
        if points.count > 2, end.x != last.x || end.y != last.y { kept.append(end) }
        return kept
    }
}
