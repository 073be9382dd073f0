/// What a gallery holds and which files show it, worked out from its days
/// before any page is rendered: the days by month and year, the "On this
/// day" groups, the photos with pages, the days with maps. Small next to
/// the pages (no text of any page), and what `GalleryStaleFiles` keeps.
struct GalleryPlan {
    /// A photo with its own page: where it is among the days, and whether
    /// it is the first with its page's path (a later one makes no page).
    struct PhotoPlace {
        var day: Int
        var photo: Int
        var makesPage: Bool
    }

    /// By date, one per date, each with photos (`GalleryWriter.normalized`).
    var days: [GalleryDay]
    /// Oldest first.
    var months: [GalleryMonth]
    /// Oldest first.
    var years: [GalleryYear]
    var onThisDay: [OnThisDay]
    var problems: [GalleryProblem]
    /// The photos with no date, for the Undated page (`UndatedPage`), in its order.
    var undated: [GalleryPhoto]
    /// The groups of similar photos, for their page (`SimilarPage`).
    var similar: [GallerySimilarGroup] = []
    /// Every photo with a page, in order across the days.
    var photoPlaces: [PhotoPlace] = []
    /// The undated photos with a page, by position in `undated`, each
    /// making it unless a photo before (on a day, or undated) has its path.
    var undatedPlaces: [(photo: Int, makesPage: Bool)] = []
    /// The pages of the days' photos and of the undated ones.
    var photoPages = Set<String>()
    /// The days some of whose photos have a position, so they have a map.
    var mapDays = Set<DayDate>()
    /// The trips among the days (`Trips`), oldest first; each has a page and a map.
    var trips: [Trip] = []

    /// - Parameter days: normalized.
    init(days: [GalleryDay], problems: [GalleryProblem], undated: [GalleryPhoto] = []) {
        self.days = days
        self.problems = problems
        self.undated = undated
        months = GalleryMonth.months(of: days)
        years = GalleryYear.years(of: months)
        onThisDay = OnThisDay.groups(of: days)
        for (dayIndex, day) in days.enumerated() {
            // A summary's cover is no photo of its own here: its day is outside the write.
            if day.summary != nil {
                if !day.route.isEmpty { mapDays.insert(day.date) }
                continue
            }
            for (photoIndex, photo) in day.photos.enumerated() {
                if photo.details.gps != nil { mapDays.insert(day.date) }
                guard let page = photo.page else { continue }
                photoPlaces.append(PhotoPlace(day: dayIndex, photo: photoIndex, makesPage: photoPages.insert(page).inserted))
            }
        }
        trips = Trips.of(days)
        for (position, photo) in undated.enumerated() {
            guard let page = photo.page else { continue }
            undatedPlaces.append((position, photoPages.insert(page).inserted))
        }
    }

    /// Whether the library's map is drawn: some photo has a position.
    var hasLibraryMap: Bool { !mapDays.isEmpty }

    /// The trips' pages and maps.
    var tripFiles: Set<String> { Set(trips.flatMap { [$0.page, $0.map] }) }

    /// The days of `trip`, in date order.
    func days(of trip: Trip) -> [GalleryDay] {
        let dates = Set(trip.days)
        let at = days.partitionPoint { $0.date < trip.first }
        return days[at...].prefix { $0.date <= trip.last }.filter { dates.contains($0.date) }
    }

    var hasProblems: Bool { problems.contains { $0.kind != .sidecar } }

    /// The photo at `place`.
    func photo(at place: PhotoPlace) -> GalleryPhoto { days[place.day].photos[place.photo] }
}
