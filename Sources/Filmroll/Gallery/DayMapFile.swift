/// days/YYYY-MM-DD-map.svg: a day's route, for a day some of whose photos
/// have a position: over the streets of the options' basemap
/// (`BasemapDayMap`), else over the built-in land outlines (`MapDrawing.day`).
struct DayMapFile: PageRendering {
    var day: GalleryDay
    var options: GalleryOptions

    var path: String { GalleryPaths.dayMap(day.date) }
    let mark = GalleryMark.svg

    /// From the date (its title) and the positions in time order.
    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add(day.date)
        let route = day.route
        fingerprint.add(route.count)
        for point in route {
            fingerprint.add(point.latitude)
            fingerprint.add(point.longitude)
        }
        if options.basemap == nil, Shorelines.installed.isPresent { fingerprint.add("GSHHG shorelines, thinned before clipping") }
        if let basemap = options.basemap {
            fingerprint.add(Self.basemapDrawing)
            fingerprint.add(basemap.identity)
            for stop in stops { fingerprint.add(stop.link ?? "") }
        }
        return fingerprint.key
    }

    /// Bumped when a map drawn from a basemap changes.
    static let basemapDrawing = "basemap-day-map-3"

    var text: String {
        let title = options.locale.mapDescription(day.date)
        if let basemap = options.basemap, let frame = MapDrawing.dayFrame(day.route) {
            let outcome = BasemapDayMap.draw(stops, title: title, width: frame.width, height: frame.height, basemap: basemap)
            basemap.record(outcome)
            if let svg = outcome.svg { return svg }
        }
        return MapDrawing.day(day.route, title: title) ?? ""
    }

    /// The photos with a position, in time order, each linking its page (or
    /// its large view) from the days folder; a day outside a scoped write links none.
    var stops: [BasemapDayMap.Stop] {
        guard day.summary == nil else { return day.route.map { BasemapDayMap.Stop(position: $0, link: nil) } }
        return day.photos.compactMap { photo in
            photo.details.gps.map {
                BasemapDayMap.Stop(position: GeoPoint(latitude: $0.latitude, longitude: $0.longitude),
                                   link: "../" + URLPath.encode(photo.page ?? photo.large))
            }
        }
    }
}
