import Imaging

/// One write of a gallery, file by file: each file's key is worked out
/// from its model, and the file is rendered and written only when
/// `isCurrent` does not know that key, then its text is dropped; no more
/// than one page's text is held at a time on each of `jobs` threads.
struct GalleryPass {
    let folder: String
    let options: GalleryOptions
    let fileGuard: GalleryFileGuard
    /// Threads that render and write photo pages (the pages of a library).
    let jobs: Int
    private(set) var summary = GallerySummary()
    /// How many files were rendered (none, when every key was current).
    private(set) var renderCount = 0
    /// The folders found to be folders (not links) during this pass, each looked at once.
    private var placedFolders = Set<String>()

    init(folder: String, options: GalleryOptions, fileGuard: GalleryFileGuard, jobs: Int = 1) {
        self.folder = folder
        self.options = options
        self.fileGuard = fileGuard
        self.jobs = max(1, jobs)
    }

    /// Writes every file `plan` calls for: the stylesheet and script, the
    /// index, the problems page, the year and month pages, each day's page
    /// and map, each photo's page (an undated one's too), the library's map, the trips' pages and maps, the "On this day" pages.
    /// With a `scope`, only the day, photo and "On this day" pages (and day
    /// maps) it reaches are looked at; with one `onlyItsDays`, only its days'
    /// and their photos' pages and maps are.
    mutating func write(_ plan: GalleryPlan, scope: GalleryScope? = nil,
                        isCurrent: (_ path: String, _ key: String) -> Bool) throws(ImagingError) {
        let digests = PhotoDigests()
        let spansDays = scope?.onlyItsDays != true
        let mapLayout = spansDays ? LibraryMapFile.layout(of: plan.days, options: options) : nil
        let mapMarkers = mapLayout.map { Self.markers(of: plan.days, $0) } ?? []
        if let mapLayout { try writeSpanning(plan, mapLayout: mapLayout, mapMarkers: mapMarkers, digests: digests, isCurrent: isCurrent) }
        let dayPositions = scope.map { $0.dayPositions(in: plan.days).union($0.tripDayPositions(in: plan.days, trips: plan.trips)) }
        for (position, day) in plan.days.enumerated() where dayPositions?.contains(position) ?? true {
            try make(DayPage(day: day, previous: position > 0 ? plan.days[position - 1].date : nil,
                             next: position + 1 < plan.days.count ? plan.days[position + 1].date : nil, options: options,
                             digests: digests, trip: Trips.trip(of: day.date, in: plan.trips)), isCurrent)
            if plan.mapDays.contains(day.date) && scope?.days.contains(day.date) ?? true {
                try make(DayMapFile(day: day, options: options), isCurrent)
            }
        }
        // Photo pages, each linking the photos before and after it across days:
        // those not current rendered and written on `jobs` threads, a batch at
        // a time (a library's pages are never all held).
        let places = plan.photoPlaces
        let placePositions = scope?.placePositions(in: plan)
        let options = options
        try writePhotoPages(places.enumerated().lazy.filter { position, place in
            place.makesPage && placePositions?.contains(position) ?? true
        }.map { position, place in
            PhotoPage(photo: plan.photo(at: place), day: plan.days[place.day].date,
                      previous: position > 0 ? plan.photo(at: places[position - 1]) : nil,
                      next: position + 1 < places.count ? plan.photo(at: places[position + 1]) : nil, options: options,
                      digest: digests.of(plan.days[place.day])[place.photo])
        }, isCurrent)
        guard spansDays else { return }
        // The undated photos' pages, each linking those before and after it on the Undated page.
        let undated = plan.undatedPlaces
        try writePhotoPages(undated.indices.lazy.filter { undated[$0].makesPage }.map { position in
            PhotoPage(photo: plan.undated[undated[position].photo], day: nil,
                      previous: position > 0 ? plan.undated[undated[position - 1].photo] : nil,
                      next: position + 1 < undated.count ? plan.undated[undated[position + 1].photo] : nil, options: options)
        }, isCurrent)
        if plan.hasLibraryMap, let mapLayout {
            try make(LibraryMapFile(markers: mapMarkers, layout: mapLayout, options: options), isCurrent)
        }
        for trip in plan.trips {
            let days = plan.days(of: trip)
            try make(TripMapFile(trip: trip, days: days, options: options), isCurrent)
            try make(TripPage(trip: trip, days: days, options: options), isCurrent)
        }
        for group in plan.onThisDay where scope?.reaches(group) ?? true { try make(OnThisDayPage(group: group, options: options, digests: digests), isCurrent) }
    }

    /// The stylesheet and script, the index, the problems page, the year and month pages.
    private mutating func writeSpanning(_ plan: GalleryPlan, mapLayout: LibraryMapFile.Layout, mapMarkers: [LibraryMapMarker],
                                        digests: PhotoDigests,
                                        isCurrent: (_ path: String, _ key: String) -> Bool) throws(ImagingError) {
        try make(ConstantFile.stylesheet, isCurrent)
        try make(ConstantFile.script, isCurrent)
        try make(IndexPage(years: plan.years, recentMonths: IndexPage.recentMonths(of: plan.months),
                           recentDays: IndexPage.recentDays(of: plan.days), onThisDay: plan.onThisDay,
                           problemCount: plan.problems.count { $0.kind != .warned && $0.kind != .sidecar },
                           warningCount: plan.problems.count { $0.kind == .warned }, undatedCount: plan.undated.count,
                           similarCount: plan.similar.count,
                           hasLibraryMap: plan.hasLibraryMap,
                           mapMarkers: mapMarkers, mapFrame: mapLayout.frame, trips: plan.trips,
                           options: options,
                           digests: digests), isCurrent)
        if plan.hasProblems { try make(ProblemsPage(problems: plan.problems, options: options), isCurrent) }
        if !plan.undated.isEmpty { try make(UndatedPage(photos: plan.undated, options: options), isCurrent) }
        if !plan.similar.isEmpty { try make(SimilarPage(groups: plan.similar, options: options), isCurrent) }
        for (position, year) in plan.years.enumerated() {
            try make(YearPage(year: year, previous: position > 0 ? plan.years[position - 1].year : nil,
                              next: position + 1 < plan.years.count ? plan.years[position + 1].year : nil, options: options,
                              digests: digests), isCurrent)
        }
        for (position, month) in plan.months.enumerated() {
            try make(MonthPage(month: month, previous: position > 0 ? plan.months[position - 1] : nil,
                               next: position + 1 < plan.months.count ? plan.months[position + 1] : nil, options: options,
                               digests: digests), isCurrent)
        }
    }

    /// The index map's markers for `layout`.
    static func markers(of days: [GalleryDay], _ layout: LibraryMapFile.Layout) -> [LibraryMapMarker] {
        LibraryMapMarkers.markers(of: days, frame: layout.frame, placeKilometres: layout.placeKilometres)
    }

    /// Writes those of `pages` not current, rendered on `jobs` threads a
    /// batch at a time (a library's pages are never all held).
    private mutating func writePhotoPages(_ pages: some Sequence<PhotoPage>,
                                          _ isCurrent: (String, String) -> Bool) throws(ImagingError) {
        let batch = 16 * jobs
        var stalePages: [(page: PhotoPage, key: String)] = []
        for page in pages {
            if let key = try admit(page, isCurrent) { stalePages.append((page, key)) }
            if stalePages.count >= batch {
                try writeAll(stalePages)
                stalePages.removeAll(keepingCapacity: true)
            }
        }
        try writeAll(stalePages)
    }

    /// Notes the stale files removed after the pass (`GalleryStaleFiles`).
    mutating func noteRemoved(_ paths: [String]) { summary.removedFiles = paths }

    /// Makes `file` unless `isCurrent` knows its key: its folders, then the
    /// file guard's leave, then its text, written only when it differs.
    private mutating func make(_ file: some PageRendering, _ isCurrent: (String, String) -> Bool) throws(ImagingError) {
        guard let key = try admit(file, isCurrent) else { return }
        renderCount += 1
        note(file.path, key: key, written: try ChangedFileWriter.write(file.text, to: folder + "/" + file.path))
    }

    /// Renders and writes `files` (each admitted, with the key `admit`
    /// gave it) on `jobs` threads, noted in their order; the first that
    /// fails to be written is thrown.
    private mutating func writeAll<File: PageRendering & Sendable>(_ files: [(page: File, key: String)]) throws(ImagingError) {
        let folder = self.folder
        let outcomes = Parallel.map(files.map(\.page), jobs: jobs) { file in
            Result { () throws(ImagingError) -> Bool in try ChangedFileWriter.write(file.text, to: folder + "/" + file.path) }
        }
        for ((file, key), outcome) in zip(files, outcomes) {
            renderCount += 1
            note(file.path, key: key, written: try outcome!.get())
        }
    }

    /// The key `file` is to be written with: nil when it need not be (its
    /// key is current, noted so) or may not be (a folder on its way is not
    /// one, or the file guard refuses; noted as refused).
    private mutating func admit(_ file: some PageRendering, _ isCurrent: (String, String) -> Bool) throws(ImagingError) -> String? {
        let path = file.path
        guard try placed(path) else {
            summary.refusedFiles.append(GalleryRefusal(path: path, reason: "a folder on its way is a symbolic link or not a folder"))
            return nil
        }
        let key = file.key
        if isCurrent(path, key) {
            summary.unchangedFiles.append(path)
            summary.keys[path] = key
            return nil
        }
        do throws(ImagingError) {
            try fileGuard.check(folder + "/" + path, mark: file.mark)
        } catch {
            summary.refusedFiles.append(GalleryRefusal(path: path, reason: error.description))
            return nil
        }
        return key
    }

    /// Notes a file rendered with `key`: written, or found holding its text already.
    private mutating func note(_ path: String, key: String, written: Bool) {
        if written {
            summary.writtenFiles.append(path)
        } else {
            summary.unchangedFiles.append(path)
        }
        summary.keys[path] = key
    }

    /// Whether the folders of `path` are there as folders (made when
    /// missing), each looked at once per pass; false when one is a link or a file.
    private mutating func placed(_ path: String) throws(ImagingError) -> Bool {
        guard let slash = path.lastIndex(of: "/") else { return true }
        let parent = String(path[..<slash])
        if placedFolders.contains(parent) { return true }
        guard try GalleryStaleFiles.makeFolders(of: path, in: folder) else { return false }
        placedFolders.insert(parent)
        return true
    }
}
