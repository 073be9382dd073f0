#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// trips/YYYY-MM-DD-map.svg: a trip's route across its days over the
/// folder's basemap when the trip lies within a city, else over the land
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
        if let basemap = options.basemap, Self.fitsACity(days) {
            fingerprint.add(DayMapFile.basemapDrawing)
            fingerprint.add(basemap.identity)
        }
        return fingerprint.key
    }

    /// The map's frame: around every position of the trip.
    static func frame(of days: [GalleryDay]) -> MapFrame? {
        GeoBounds(days.flatMap(\.route)).map { MapFrame(around: MapDrawing.padded($0), width: 800, aspects: 0.5...1.0) }
    }

    var text: String {
        let locale = options.locale
        guard let frame = Self.frame(of: days) else { return "" }
        let title = locale.tripMapDescription(trip.title(locale))
        if let basemap = options.basemap, Self.fitsACity(days) {
            let stops = days.flatMap(\.route).map { BasemapDayMap.Stop(position: $0, link: nil) }
            let outcome = BasemapDayMap.draw(stops, title: title, width: frame.width, height: frame.height, basemap: basemap) { projection in
                "<style>\n\(LinkedMapDrawing.markCSS)\n\(LinkedMapDrawing.dayCSS)\n</style>\n"
                    + marks(at: projection.position, width: projection.width, height: projection.height)
            }
            basemap.record(outcome)
            if let svg = outcome.svg { return svg }
        }
        let header = LinkedMapDrawing.header(frame, title: title)
        let overlay = marks(at: frame.position, width: frame.width, height: frame.height) + LinkedMapDrawing.scaleBar(frame) + "</svg>\n"
        // GSHHG's shores, on whole pixels if they would take the map past its budget; past it still, the 1:110m outlines.
        var shores = LinkedMapDrawing.land(in: frame, fine: true)
        let room = Self.sizeLimit - header.utf8.count - overlay.utf8.count
        if shores.utf8.count > room { shores = LinkedMapDrawing.onWholePixels(shores) }
        if shores.utf8.count > room { shores = LinkedMapDrawing.land(in: frame, fine: false) }
        return header + shores + overlay
    }

    /// Whether the trip lies within a city (`LibraryMapFile.cityKilometres`), so that a basemap draws it.
    static func fitsACity(_ days: [GalleryDay]) -> Bool {
        guard let box = GeoBounds(days.flatMap(\.route)) else { return false }
        let middle = (box.south + box.north) / 2
        let tall = (box.north - box.south) * 111.2, wide = (box.east - box.west) * 111.2 * cos(middle * .pi / 180)
        return max(tall, wide) <= LibraryMapFile.cityKilometres
    }

    /// Each day's route and points in its colour, then the badges, placed by `position` in a `width` × `height` map.
    private func marks(at position: (GeoPoint) -> (x: Double, y: Double), width: Double, height: Double) -> String {
        let locale = options.locale
        let n = MapDrawing.number
        var svg = ""
        var starts: [(x: Double, y: Double)?] = []
        for (index, day) in days.enumerated() {
            let colour = index % LinkedMapDrawing.dayColours.count
            var pixels: [(x: Double, y: Double)] = []
            for point in day.route {
                let at = position(point)
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
            let badge = Self.clearSpot(near: start, avoiding: placed, width: width, height: height)
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
        return svg + badges
    }

    /// A trip's map stays under this many bytes (as a day's map over a basemap does).
    static let sizeLimit = BasemapDayMap.sizeLimit

    /// Where a badge for a day that began at `start` goes: there, else the
    /// nearest of a few spots around it at least a badge apart from `placed`, inside the frame.
    static func clearSpot(near start: (x: Double, y: Double), avoiding placed: [(x: Double, y: Double)],
                          width: Double, height: Double) -> (x: Double, y: Double) {
        func inside(_ spot: (x: Double, y: Double)) -> (x: Double, y: Double) {
            (min(max(spot.x, 14), width - 14), min(max(spot.y, 14), height - 40))
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
