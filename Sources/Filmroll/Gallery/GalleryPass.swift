/// One write of a gallery, file by file: each file's key is worked out
/// from its model, and the file is rendered and written only when
/// `isCurrent` does not know that key, then its text is dropped; no more
/// than one page's text is held at a time.
struct GalleryPass {
    let folder: String
    let options: GalleryOptions
    let fileGuard: GalleryFileGuard
    private(set) var summary = GallerySummary()
    /// How many files were rendered (none, when every key was current).
    private(set) var renderCount = 0
    /// The folders found to be folders (not links) during this pass, each looked at once.
    private var placedFolders = Set<String>()

    init(folder: String, options: GalleryOptions, fileGuard: GalleryFileGuard) {
        self.folder = folder
        self.options = options
        self.fileGuard = fileGuard
    }

    /// Writes every file `plan` calls for: the stylesheet and script, the
    /// index, the problems page, the year and month pages, each day's page
    /// and map, each photo's page, the library's map, the "On this day" pages.
    /// With a `scope`, only the day, photo and "On this day" pages (and day
    /// maps) it reaches are looked at.
    mutating func write(_ plan: GalleryPlan, scope: GalleryScope? = nil,
                        isCurrent: (_ path: String, _ key: String) -> Bool) throws(ImagingError) {
        let digests = PhotoDigests()
        try make(ConstantFile.stylesheet, isCurrent)
        try make(ConstantFile.script, isCurrent)
        try make(IndexPage(years: plan.years, recentMonths: IndexPage.recentMonths(of: plan.months), onThisDay: plan.onThisDay,
                           problemCount: plan.problems.count, hasLibraryMap: plan.hasLibraryMap, options: options,
                           digests: digests), isCurrent)
        if plan.hasProblems { try make(ProblemsPage(problems: plan.problems, options: options), isCurrent) }
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
        let dayPositions = scope?.dayPositions(in: plan.days)
        for (position, day) in plan.days.enumerated() where dayPositions?.contains(position) ?? true {
            try make(DayPage(day: day, previous: position > 0 ? plan.days[position - 1].date : nil,
                             next: position + 1 < plan.days.count ? plan.days[position + 1].date : nil, options: options,
                             digests: digests), isCurrent)
            if plan.mapDays.contains(day.date) && scope?.days.contains(day.date) ?? true {
                try make(DayMapFile(day: day, options: options), isCurrent)
            }
        }
        // Photo pages, each linking the photos before and after it across days.
        let places = plan.photoPlaces
        let placePositions = scope?.placePositions(in: plan)
        for (position, place) in places.enumerated() where place.makesPage && placePositions?.contains(position) ?? true {
            let page = PhotoPage(photo: plan.photo(at: place), day: plan.days[place.day].date,
                                 previous: position > 0 ? plan.photo(at: places[position - 1]) : nil,
                                 next: position + 1 < places.count ? plan.photo(at: places[position + 1]) : nil, options: options,
                                 digest: digests.of(plan.days[place.day])[place.photo])
            try make(page, isCurrent)
        }
        if plan.hasLibraryMap { try make(LibraryMapFile(days: plan.days, options: options), isCurrent) }
        for group in plan.onThisDay where scope?.reaches(group) ?? true { try make(OnThisDayPage(group: group, options: options, digests: digests), isCurrent) }
    }

    /// Notes the stale files removed after the pass (`GalleryStaleFiles`).
    mutating func noteRemoved(_ paths: [String]) { summary.removedFiles = paths }

    /// Makes `file` unless `isCurrent` knows its key: its folders, then the
    /// file guard's leave, then its text, written only when it differs.
    private mutating func make(_ file: some PageRendering, _ isCurrent: (String, String) -> Bool) throws(ImagingError) {
        let path = file.path
        guard try placed(path) else {
            summary.refusedFiles.append(GalleryRefusal(path: path, reason: "a folder on its way is a symbolic link or not a folder"))
            return
        }
        let key = file.key
        if isCurrent(path, key) {
            summary.unchangedFiles.append(path)
            summary.keys[path] = key
            return
        }
        do throws(ImagingError) {
            try fileGuard.check(folder + "/" + path, mark: file.mark)
        } catch {
            summary.refusedFiles.append(GalleryRefusal(path: path, reason: error.description))
            return
        }
        renderCount += 1
        if try ChangedFileWriter.write(file.text, to: folder + "/" + path) {
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
