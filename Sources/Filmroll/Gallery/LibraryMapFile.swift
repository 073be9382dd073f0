#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// map.svg: the library's places, when some photo has a position: a marker
/// per group of places close together at the map's scale
/// (`LibraryMapMarkers`), sized by its days, each a link (Tab reaches it;
/// it shows a focus ring) named "Helsinki, Finland: 12 days", to its entry
/// in the index's place list, or for a place of one day to that day's page.
/// The world over the built-in land (`MapDrawing.libraryFrame`); when the
/// folder has a basemap and every position lies within a city
/// (`cityKilometres`), that city over its streets (or, should the basemap
/// fail, over GSHHG's shores). The index embeds it as an `<object>`, so
/// that the links work.
struct LibraryMapFile: PageRendering {
    /// The markers, as `LibraryMapMarkers.markers` gives them for `layout`.
    var markers: [LibraryMapMarker]
    var layout: Layout
    var options: GalleryOptions

    let path = GalleryPaths.libraryMap
    let mark = GalleryMark.svg

    /// The map's frame, and whether it is a city's over the basemap.
    struct Layout: Sendable {
        var frame: MapFrame
        var overBasemap: Bool
        /// The positions' box, over a basemap.
        var bounds: GeoBounds?

        static let world = Layout(frame: MapDrawing.libraryFrame, overBasemap: false)

        /// Places merge into one cluster within this many kilometres: a city's at the world's scale, less close in.
        var placeKilometres: Double { min(LibraryPlaces.radiusKilometres, LibraryMapMarkers.mergePixels / frame.pixelsPerKilometre) }
    }

    /// Every position within a box this many kilometres across: a city, drawn over the basemap.
    static let cityKilometres = 40.0

    /// The layout for `days`' positions with `options`' basemap.
    static func layout(of days: [GalleryDay], options: GalleryOptions) -> Layout {
        guard options.basemap != nil, let box = GeoBounds(days.flatMap(\.route)) else { return .world }
        let middle = (box.south + box.north) / 2
        let tall = (box.north - box.south) * 111.2, wide = (box.east - box.west) * 111.2 * cos(middle * .pi / 180)
        guard max(tall, wide) <= cityKilometres else { return .world }
        return Layout(frame: MapFrame(around: MapDrawing.padded(box), width: 1000, aspects: 0.5...0.75), overBasemap: true, bounds: box)
    }

    /// From the markers as drawn: where, how large, their names and links; over a basemap, which.
    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add("linked library map 1")
        if layout.overBasemap, let basemap = options.basemap {
            fingerprint.add(DayMapFile.basemapDrawing)
            fingerprint.add(basemap.identity)
            fingerprint.add(layout.frame.width)
            fingerprint.add(layout.frame.height)
            let bounds = layout.frame.bounds
            for edge in [bounds.south, bounds.west, bounds.north, bounds.east] { fingerprint.add(edge) }
            if Shorelines.installed.isPresent { fingerprint.add("GSHHG shorelines") }
        }
        fingerprint.add(markers.count)
        fingerprint.add(marks(at: layout.frame.position, width: layout.frame.width, height: layout.frame.height))
        return fingerprint.key
    }

    var text: String {
        let frame = layout.frame, title = options.locale.libraryMapDescription
        if layout.overBasemap, let basemap = options.basemap {
            // Fitted to the markers and the corners of the positions' box.
            let corners = layout.bounds.map { [GeoPoint(latitude: $0.south, longitude: $0.west), GeoPoint(latitude: $0.north, longitude: $0.east)] } ?? []
            let stops = (markers.map(\.position) + corners).map { BasemapDayMap.Stop(position: $0, link: nil) }
            let outcome = BasemapDayMap.draw(stops, title: title, width: frame.width, height: frame.height, basemap: basemap) { projection in
                "<style>\n\(LinkedMapDrawing.markCSS)\n</style>\n"
                    + marks(at: projection.position, width: projection.width, height: projection.height)
            }
            basemap.record(outcome)
            if let svg = outcome.svg { return svg }
        }
        return LinkedMapDrawing.header(frame, title: title) + LinkedMapDrawing.land(in: frame, fine: layout.overBasemap)
            + marks(at: frame.position, width: frame.width, height: frame.height)
            + (layout.overBasemap ? LinkedMapDrawing.scaleBar(frame) : "") + "</svg>\n"
    }

    /// Where a marker links, from the gallery folder: its entry in the
    /// index's place list, or the page of its one day (or, past the list, its latest day).
    static func href(of marker: LibraryMapMarker, listed: Bool) -> String {
        if marker.days.count > 1 && listed { return GalleryPaths.index + "#" + marker.anchor }
        return URLPath.encode(GalleryPaths.dayPage(marker.days.last!))
    }

    /// The markers, placed by `position` in a `width` × `height` map, the smallest last so that none hides under a larger one.
    private func marks(at position: (GeoPoint) -> (x: Double, y: Double), width: Double, height: Double) -> String {
        let n = MapDrawing.number
        let listed = Set(IndexPage.listedMarkers(of: markers).map(\.anchor))
        var svg = ""
        for marker in markers.sorted(by: { ($0.days.count, $1.anchor) > ($1.days.count, $0.anchor) }) {
            let at = position(marker.position)
            // Whole pixels: a photo a little way from the others moves no marker, so the key stays.
            let x = min(max(at.x, 4), width - 4).rounded(), y = min(max(at.y, 4), height - 4).rounded()
            let radius = LibraryMapMarkers.radius(days: marker.days.count)
            var content = "<circle class=\"ring\" cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius + 3))\"/>"
                + "<circle class=\"marker\" cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\"/>"
            if marker.days.count > 1 {
                content += "<text class=\"marker-count\" x=\"\(n(x))\" y=\"\(n(y + 4))\" aria-hidden=\"true\">\(marker.days.count)</text>"
            }
            svg += LinkedMapDrawing.linking(Self.href(of: marker, listed: listed.contains(marker.anchor)),
                                         label: marker.label(options.locale), content)
        }
        return svg
    }
}
