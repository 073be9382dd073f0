/// Every file of a gallery and its text: the stylesheet and script, the
/// index, the problems page, day pages and maps, the library's map, the
/// "On this day" pages and the photo pages; and those whose folder could
/// not be made. What `GalleryWriter` writes and keeps.
struct GalleryFiles {
    var files: [(path: String, text: String, mark: GalleryMark)] = []
    var refused: [GalleryRefusal] = []
    var days: [GalleryDay]
    var hasProblems: Bool
    /// The days that have a map.
    var mapDays = Set<DayDate>()
    var libraryMap: String?
    var onThisDay: [OnThisDay] = []
    var photoPages = Set<String>()

    /// - Parameter days: normalized (`GalleryWriter.normalized`).
    init(days: [GalleryDay], problems: [GalleryProblem], options: GalleryOptions, folder: String) throws(ImagingError) {
        self.days = days
        hasProblems = !problems.isEmpty
        onThisDay = OnThisDay.groups(of: days)
        files = [
            (GalleryPaths.stylesheet, GalleryStylesheet.css, .stylesheet),
            (GalleryPaths.script, GalleryScript.source, .script),
            (GalleryPaths.index, IndexPage(days: days, onThisDay: onThisDay, problemCount: problems.count, options: options).html,
             .page),
        ]
        if hasProblems { files.append((GalleryPaths.problems, ProblemsPage(problems: problems, options: options).html, .page)) }
        for (position, day) in days.enumerated() {
            let page = DayPage(day: day, previous: position > 0 ? days[position - 1].date : nil,
                               next: position + 1 < days.count ? days[position + 1].date : nil, options: options)
            files.append((GalleryPaths.dayPage(day.date), page.html, .page))
        }

        // Maps: each day's route where its photos have positions, and the library's places.
        for day in days {
            guard let svg = MapDrawing.day(day.route, title: options.locale.mapDescription(day.date)) else { continue }
            mapDays.insert(day.date)
            files.append((GalleryPaths.dayMap(day.date), svg, .svg))
        }
        libraryMap = MapDrawing.library(days.flatMap(\.route), title: options.locale.libraryMapDescription)
        if let libraryMap { files.append((GalleryPaths.libraryMap, libraryMap, .svg)) }

        for group in onThisDay where try placed(group.path, in: folder) {
            files.append((group.path, OnThisDayPage(group: group, options: options).html, .page))
        }

        // Photo pages, each linking the photos before and after it across days.
        let sequence = days.flatMap { day in day.photos.filter { $0.page != nil }.map { (day.date, $0) } }
        for (position, (date, photo)) in sequence.enumerated() {
            guard let path = photo.page, photoPages.insert(path).inserted, try placed(path, in: folder) else { continue }
            let page = PhotoPage(photo: photo, day: date, previous: position > 0 ? sequence[position - 1].1 : nil,
                                 next: position + 1 < sequence.count ? sequence[position + 1].1 : nil, options: options)
            files.append((path, page.html, .page))
        }
    }

    /// Makes the folders of `path`; when one of them is a link or a file, the page is refused instead.
    private mutating func placed(_ path: String, in folder: String) throws(ImagingError) -> Bool {
        if try GalleryStaleFiles.makeFolders(of: path, in: folder) { return true }
        refused.append(GalleryRefusal(path: path, reason: "a folder on its way is a symbolic link or not a folder"))
        return false
    }
}
