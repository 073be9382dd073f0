/// days/YYYY-MM-DD-map.svg: a day's route (`MapDrawing.day`), for a day
/// some of whose photos have a position.
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
        return fingerprint.key
    }

    var text: String { MapDrawing.day(day.route, title: options.locale.mapDescription(day.date)) ?? "" }
}
