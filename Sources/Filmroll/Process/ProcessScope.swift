import Catalog
import Files
import Imaging

/// What a re-run looks at when only a few photos changed since the last
/// complete run into the same folder (and nothing else did: the catalog's
/// generation before this run's index, the options and the output folders
/// are as that run left them): the days those photos were and are on, and
/// around them, instead of every photo of the library. The plan, the
/// executor, the sweep and the gallery then cost those days, not the
/// library; the days outside are summaries (a count, a cover, positions).
struct ProcessScope {
    /// The capture days whose photos changed (before or after).
    var changedDays: Set<String>
    /// Changed photos without a capture day, by path.
    var undated: Set<String>
    /// The days planned in full: the changed days, the days before and after
    /// each that hold the two photos on either side (the pages beside the
    /// change link to them), and the days of the same date in other years
    /// (their "On this day" pages).
    var fullDays: Set<String>
    /// Every day with items, with how many and how many videos, in order.
    var itemDays: [(day: String, items: Int, videos: Int)]
    /// The stems several items share (`ProcessPlan.sharedStems`), over every item.
    var sharedStems: Set<String>
    /// Whether `fullDays` hold the same dates in other years, so that the changed days' "On this day" pages are written.
    var sameDates = true

    /// More changed days than this: the whole library is planned.
    static let limit = 400

    /// The scope of a re-run, or nil when the whole library must be planned.
    static func of(_ index: IndexSummary, catalog: Catalog, last: ProcessRunRecord?, recipe: String,
                   generationBefore: Int64, foldersUnchanged: (ProcessRunRecord) -> Bool) throws(DatabaseError) -> ProcessScope? {
        // A moved photo's old page is named by its old path, which the catalog no longer
        // holds: the whole library is planned, and its sweep finds the page.
        guard let last, last.recipe == recipe, last.generation == generationBefore, !index.interrupted, index.moved == 0,
              index.touchedDays.count + index.touchedUndated.count <= limit, foldersUnchanged(last) else { return nil }
        return around(days: index.touchedDays, undated: index.touchedUndated, itemDays: try catalog.itemDays(),
                      sharedStems: ProcessPlan.sharedStems(try catalog.itemPaths()))
    }

    /// The scope of `days` and the undated photos at `undated`, whatever
    /// changed; without the same date in other years unless `sameDates`.
    /// - Parameter itemDays: every day with items (`Catalog.itemDays()`), in order.
    static func around(days changed: Set<String>, undated: Set<String>, itemDays: [(day: String, items: Int, videos: Int)],
                       sharedStems: Set<String>, sameDates: Bool = true) -> ProcessScope {
        let days = itemDays.map(\.day)
        var full = changed
        for day in changed {
            let at = days.partitionPoint { $0 < day }
            var before = at - 1, seen = 0
            while before >= 0 && seen < 2 {
                full.insert(days[before])
                seen += itemDays[before].items
                before -= 1
            }
            var after = at < days.count && days[at] == day ? at + 1 : at
            seen = 0
            while after < days.count && seen < 2 {
                full.insert(days[after])
                seen += itemDays[after].items
                after += 1
            }
        }
        let monthDays = sameDates ? Set(changed.map { $0.dropFirst(5) }) : []
        for day in days where monthDays.contains(day.dropFirst(5)) { full.insert(day) }
        return ProcessScope(changedDays: changed, undated: undated, fullDays: full, itemDays: itemDays, sharedStems: sharedStems,
                            sameDates: sameDates)
    }

    /// The gallery's scope: the changed days, and the pages of the photos that were on them.
    func galleryScope(catalog: Catalog, folder: String, options: ProcessOptions) throws(DatabaseError) -> GalleryScope {
        // Every row of the changed days, whatever it is now: the pages they had.
        let rows = try catalog.rows(inDays: changedDays, paths: undated)
        let named = ProcessPlan(records: rows, sharedStems: sharedStems, folder: folder, options: options)
        return GalleryScope(days: Set(changedDays.compactMap { DayDate(iso: $0) }), removedPages: Set(named.photos.map(\.page)),
                            monthDays: sameDates ? nil : [])
    }

    /// The days outside `fullDays`, each its cover alone with its count and positions.
    func summaryDays(catalog: Catalog, liveVideos: [Int64: PhotoRecord], burstFrames: [Int64: [PhotoRecord]], similar: SimilarLinks,
                     folder: String, out: String, options: ProcessOptions) throws(DatabaseError) -> [GalleryDay] {
        let covers = try catalog.dayCovers(excluding: fullDays)
        let plan = ProcessPlan(records: covers, liveVideos: liveVideos, burstFrames: burstFrames, similar: similar, sharedStems: sharedStems,
                               folder: folder, options: options)
        let positions = try catalog.positionsByDay()
        let counts = Dictionary(itemDays.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        return plan.galleryDays(options: options, out: out, folder: folder).map { day in
            var summary = day
            let key = day.date.description
            let count = counts[key].map { ItemCount(photos: $0.items - $0.videos, videos: $0.videos) } ?? summary.count
            summary.summary = GalleryDay.Summary(count: count, route: (positions[key] ?? []).filter {
                !options.hiddenPlaces.hides(latitude: $0.latitude, longitude: $0.longitude)
            }.map {
                GeoPoint(latitude: $0.latitude, longitude: $0.longitude)
            })
            summary.fourCut = nil
            summary.animation = nil
            return summary
        }
    }

    /// Outputs of the changed days that are no longer called for (a removed
    /// photo's thumbnails, the sheet of a day that lost its fourth photo),
    /// removed as `OutputSweep` removes them; relative to `out`.
    func sweep(catalog: Catalog, expected: Set<String>, out: String) throws(DatabaseError) -> [String] {
        let root = AbsolutePath.of(out)
        var candidates = try catalog.outputPaths(ofPhotosInDays: changedDays, paths: undated).compactMap { path in
            path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : nil
        }
        for day in changedDays {
            // (a sheet under the name earlier versions gave it, too)
            candidates += ["days/\(day)-fourcut.jpg", "days/" + FourCutPerDay.fileName(ofDay: day)] + ImageEncoders.animations.map { "days/" + ProcessPlan.animationName(ofDay: day, format: $0.format) }
        }
        return OutputSweep.remove(Set(candidates).filter { !expected.contains($0) && FileBytes.exists(root + "/" + $0) }.sorted(),
                                  in: out)
    }
}
