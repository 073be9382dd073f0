/// map.svg: the library's places on the world (`MapDrawing.libraryFrame`),
/// when some photo has a position: a marker per group of places close
/// together at the map's scale (`LibraryMapMarkers`), sized by its days,
/// each a link (Tab reaches it; it shows a focus ring) named
/// "Helsinki, Finland: 12 days", to its entry in the index's place list,
/// or for a place of one day to that day's page. The index embeds it as
/// an `<object>`, so that the links work.
struct LibraryMapFile: PageRendering {
    /// The markers, as `LibraryMapMarkers.markers` gives them for the library frame.
    var markers: [LibraryMapMarker]
    var options: GalleryOptions

    let path = GalleryPaths.libraryMap
    let mark = GalleryMark.svg

    /// From the markers as drawn: where, how large, their names and links.
    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add("linked library map 1")
        fingerprint.add(markers.count)
        fingerprint.add(self.marks)
        return fingerprint.key
    }

    var text: String {
        let frame = MapDrawing.libraryFrame
        return LinkedMapDrawing.header(frame, title: options.locale.libraryMapDescription)
            + LinkedMapDrawing.land(in: frame, fine: false) + marks + "</svg>\n"
    }

    /// Where a marker links, from the gallery folder: its entry in the
    /// index's place list, or the page of its one day (or, past the list, its latest day).
    static func link(_ marker: LibraryMapMarker, listed: Bool) -> String {
        if marker.days.count > 1 && listed { return GalleryPaths.index + "#" + marker.anchor }
        return URLPath.encode(GalleryPaths.dayPage(marker.days.last!))
    }

    /// The markers, the smallest last so that none hides under a larger one.
    private var marks: String {
        let frame = MapDrawing.libraryFrame, n = MapDrawing.number
        let listed = Set(IndexPage.listedMarkers(of: markers).map(\.anchor))
        var svg = ""
        for marker in markers.sorted(by: { ($0.days.count, $1.anchor) > ($1.days.count, $0.anchor) }) {
            let at = frame.position(marker.position)
            // Whole pixels: a photo a little way from the others moves no marker, so the key stays.
            let x = min(max(at.x, 4), frame.width - 4).rounded(), y = min(max(at.y, 4), frame.height - 4).rounded()
            let radius = LibraryMapMarkers.radius(days: marker.days.count)
            var content = "<circle class=\"ring\" cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius + 3))\"/>"
                + "<circle class=\"marker\" cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\"/>"
            if marker.days.count > 1 {
                content += "<text class=\"marker-count\" x=\"\(n(x))\" y=\"\(n(y + 4))\" aria-hidden=\"true\">\(marker.days.count)</text>"
            }
            svg += LinkedMapDrawing.link(Self.link(marker, listed: listed.contains(marker.anchor)),
                                         label: marker.label(options.locale), content)
        }
        return svg
    }
}
