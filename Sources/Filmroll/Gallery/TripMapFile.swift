#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// trips/YYYY-MM-DD-map.svg: a trip's route across its days over the land
/// and shores (GSHHG's when installed and within `sizeLimit`, else the 1:110m outlines), each day's route and points in a
/// colour of its own, and a numbered badge per day at where it began,
/// linking that day's page (Tab reaches it; it shows a focus ring). Points
/// closer than a pixel or two to the one before are left out, so a map of
/// thousands of photos stays small.
struct TripMapFile: PageRendering {
    var trip: Trip
    /// The trip's days, in date order.
    var days: [GalleryDay]
    var options: GalleryOptions

    var path: String { trip.map }
    let mark = GalleryMark.svg

    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add("trip map 1")
        fingerprint.add(trip.placeName)
        fingerprint.add(days.count)
        for day in days {
            fingerprint.add(day.date)
            fingerprint.add(day.count.photos)
            fingerprint.add(day.count.videos)
            let route = day.route
            fingerprint.add(route.count)
            for point in route {
                fingerprint.add(point.latitude)
                fingerprint.add(point.longitude)
            }
        }
        if Shorelines.installed.isPresent { fingerprint.add("GSHHG shorelines") }
        return fingerprint.key
    }

    /// The map's frame: around every position of the trip.
    static func frame(of days: [GalleryDay]) -> MapFrame? {
        GeoBounds(days.flatMap(\.route)).map { MapFrame(around: MapDrawing.padded($0), width: 800, aspects: 0.5...1.0) }
    }

    var text: String {
        let locale = options.locale
        guard let frame = Self.frame(of: days) else { return "" }
        let n = MapDrawing.number
        var svg = ""
        var starts: [(x: Double, y: Double)?] = []
        for (index, day) in days.enumerated() {
            let colour = index % LinkedMapDrawing.dayColours.count
            var pixels: [(x: Double, y: Double)] = []
            for point in day.route {
                let at = frame.position(point)
                if let last = pixels.last, hypot(last.x - at.x, last.y - at.y) < 2 { continue }
                pixels.append(at)
            }
            starts.append(pixels.first)
            if pixels.count > 1 {
                svg += "<polyline class=\"leg l\(colour)\" points=\"" + pixels.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") + "\"/>\n"
            }
            svg += pixels.map { "<circle class=\"stop d\(colour)\" cx=\"\(n($0.x))\" cy=\"\(n($0.y))\" r=\"3.5\"/>" }.joined() + "\n"
        }
        // The badges on top, each moved clear of those before it, with a line (under them all) back to where its day began.
        var placed: [(x: Double, y: Double)] = [], badges = ""
        for (index, (day, start)) in zip(days, starts).enumerated() {
            guard let start else { continue }
            let badge = Self.clearSpot(near: start, avoiding: placed, frame: frame)
            placed.append(badge)
            let colour = index % LinkedMapDrawing.dayColours.count
            if hypot(badge.x - start.x, badge.y - start.y) > 1 {
                svg += "<line class=\"leg l\(colour)\" stroke-width=\"1.5\" x1=\"\(n(start.x))\" y1=\"\(n(start.y))\" "
                    + "x2=\"\(n(badge.x))\" y2=\"\(n(badge.y))\"/>\n"
            }
            let content = "<circle class=\"ring\" cx=\"\(n(badge.x))\" cy=\"\(n(badge.y))\" r=\"16\"/>"
                + "<circle class=\"badge d\(colour)\" cx=\"\(n(badge.x))\" cy=\"\(n(badge.y))\" r=\"13\"/>"
                + "<text class=\"badge-text\" x=\"\(n(badge.x))\" y=\"\(n(badge.y + 5))\" aria-hidden=\"true\">\(index + 1)</text>"
            let label = locale.tripDayLabel(number: index + 1, date: day.date) + ": " + locale.itemCount(photos: day.count.photos, videos: day.count.videos)
            badges += LinkedMapDrawing.linking("../" + URLPath.encode(GalleryPaths.dayPage(day.date)), label: label, content)
        }
        svg += badges
        let header = LinkedMapDrawing.header(frame, title: locale.tripMapDescription(trip.title(locale)))
        let marks = svg + LinkedMapDrawing.scaleBar(frame) + "</svg>\n"
        // GSHHG's shores, on whole pixels if they would take the map past its budget; past it still, the 1:110m outlines.
        var shores = LinkedMapDrawing.land(in: frame, fine: true)
        let room = Self.sizeLimit - header.utf8.count - marks.utf8.count
        if shores.utf8.count > room { shores = LinkedMapDrawing.onWholePixels(shores) }
        if shores.utf8.count > room { shores = LinkedMapDrawing.land(in: frame, fine: false) }
        return header + shores + marks
    }

    /// A trip's map stays under this many bytes (as a day's map over a basemap does).
    static let sizeLimit = BasemapDayMap.sizeLimit

    /// Where a badge for a day that began at `start` goes: there, else the
    /// nearest of a few spots around it at least a badge apart from `placed`, inside the frame.
    static func clearSpot(near start: (x: Double, y: Double), avoiding placed: [(x: Double, y: Double)],
                          frame: MapFrame) -> (x: Double, y: Double) {
        func inside(_ spot: (x: Double, y: Double)) -> (x: Double, y: Double) {
            (min(max(spot.x, 14), frame.width - 14), min(max(spot.y, 14), frame.height - 40))
        }
        func clear(_ spot: (x: Double, y: Double)) -> Bool { placed.allSatisfy { hypot($0.x - spot.x, $0.y - spot.y) >= 28 } }
        let first = inside(start)
        if clear(first) { return first }
        for distance in [30.0, 60, 90, 120] {
            for step in 0..<12 {
                let angle = Double(step) * .pi / 6 - .pi / 2
                let spot = inside((start.x + distance * cos(angle), start.y + distance * sin(angle)))
                if clear(spot) { return spot }
            }
        }
        return first
    }
}
