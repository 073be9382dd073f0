#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The gallery's files that are no longer called for (a day gone, a map
/// without positions, a month's or a year's page, a photo's page, an "On
/// this day" page, a trip's page and map, the problems page), removed as far as the file guard
/// allows, never through a symbolic link; and the folders pages need, made
/// without following one.
enum GalleryStaleFiles {
    /// Removes what `plan` no longer calls for; returns their paths, relative to `folder`.
    static func remove(keeping plan: GalleryPlan, scope: GalleryScope? = nil, in folder: String,
                       fileGuard: GalleryFileGuard) throws(ImagingError) -> [String] {
        if let scope { return try remove(keeping: plan, within: scope, in: folder, fileGuard: fileGuard) }
        var removed = try removeStalePages(in: folder, keeping: Set(plan.days.map(\.date)), maps: plan.mapDays, fileGuard: fileGuard)
        if !plan.hasLibraryMap, try remove(GalleryPaths.libraryMap, in: folder, fileGuard: fileGuard) {
            removed.append(GalleryPaths.libraryMap)
        }
        if !plan.hasProblems, try remove(GalleryPaths.problems, in: folder, fileGuard: fileGuard) {
            removed.append(GalleryPaths.problems)
        }
        if plan.undated.isEmpty, try remove(GalleryPaths.undated, in: folder, fileGuard: fileGuard) {
            removed.append(GalleryPaths.undated)
        }
        if plan.similar.isEmpty, try remove(GalleryPaths.similar, in: folder, fileGuard: fileGuard) {
            removed.append(GalleryPaths.similar)
        }
        for path in staleFiles(in: folder, below: GalleryPaths.yearsFolder, keeping: Set(plan.years.map(\.path)))
            + staleFiles(in: folder, below: GalleryPaths.monthsFolder, keeping: Set(plan.months.map(\.path)))
            + staleFiles(in: folder, below: GalleryPaths.onThisDayFolder, keeping: Set(plan.onThisDay.map(\.path)))
            + staleFiles(in: folder, below: GalleryPaths.photosFolder, keeping: plan.photoPages)
            + staleTripFiles(in: folder, keeping: plan.tripFiles)
            where try remove(path, in: folder, fileGuard: fileGuard) {
            removed.append(path)
        }
        return removed
    }

    /// `remove(keeping:in:fileGuard:)` within a scope: the day pages and maps
    /// of its days and the pages of its photos that are gone, and the
    /// year, month and "On this day" pages (a few hundred files at most).
    private static func remove(keeping plan: GalleryPlan, within scope: GalleryScope, in folder: String,
                               fileGuard: GalleryFileGuard) throws(ImagingError) -> [String] {
        let days = Set(plan.days.map(\.date))
        var candidates: [String] = []
        for date in scope.days.sorted() {
            if !days.contains(date) { candidates.append(GalleryPaths.dayPage(date)) }
            if !plan.mapDays.contains(date) { candidates.append(GalleryPaths.dayMap(date)) }
        }
        candidates += scope.removedPages.filter { !plan.photoPages.contains($0) }.sorted()
        // What spans days a shard neither writes nor removes: its plan holds only its own days.
        if !scope.onlyItsDays {
            if !plan.hasLibraryMap { candidates.append(GalleryPaths.libraryMap) }
            if !plan.hasProblems { candidates.append(GalleryPaths.problems) }
            if plan.undated.isEmpty { candidates.append(GalleryPaths.undated) }
            if plan.similar.isEmpty { candidates.append(GalleryPaths.similar) }
            candidates += staleFiles(in: folder, below: GalleryPaths.yearsFolder, keeping: Set(plan.years.map(\.path)))
                + staleFiles(in: folder, below: GalleryPaths.monthsFolder, keeping: Set(plan.months.map(\.path)))
                + staleFiles(in: folder, below: GalleryPaths.onThisDayFolder, keeping: Set(plan.onThisDay.map(\.path)))
                + staleTripFiles(in: folder, keeping: plan.tripFiles)
        }
        var removed: [String] = []
        for path in candidates where FileBytes.exists(folder + "/" + path) {
            if try remove(path, in: folder, fileGuard: fileGuard) { removed.append(path) }
        }
        return removed
    }

    /// The day pages and maps of days not in `days` and `maps`, and the
    /// photo pages not in `photoPages`: what a gallery written a batch of
    /// days at a time removes at the end.
    static func remove(keepingDays days: Set<DayDate>, maps: Set<DayDate>, photoPages: Set<String>, in folder: String,
                              fileGuard: GalleryFileGuard) throws(ImagingError) -> [String] {
        var removed = try removeStalePages(in: folder, keeping: days, maps: maps, fileGuard: fileGuard)
        for path in staleFiles(in: folder, below: GalleryPaths.photosFolder, keeping: photoPages)
            where try remove(path, in: folder, fileGuard: fileGuard) {
            removed.append(path)
        }
        return removed
    }

    /// Deletes the day pages in days/ whose day is not in `kept`, as far as
    /// `fileGuard` allows, reached without following a symbolic link below
    /// `folder` (`ConfinedFiles`): a page behind a link is left alone.
    /// - Returns: their paths, relative to the gallery folder, sorted.
    static func removeStalePages(in folder: String, keeping kept: Set<DayDate>, maps: Set<DayDate>,
                                         fileGuard: GalleryFileGuard) throws(ImagingError) -> [String] {
        var removed: [String] = []
        for name in Folders.names(in: folder + "/" + GalleryPaths.daysFolder).sorted() {
            if let date = GalleryPaths.day(ofMapNamed: name), !maps.contains(date),
               GalleryPaths.dayMap(date) == GalleryPaths.daysFolder + "/" + name {
                if try remove(GalleryPaths.dayMap(date), in: folder, fileGuard: fileGuard) { removed.append(GalleryPaths.dayMap(date)) }
                continue
            }
            guard let date = GalleryPaths.day(ofPageNamed: name), !kept.contains(date),
                  GalleryPaths.dayPage(date) == GalleryPaths.daysFolder + "/" + name else { continue }
            let path = GalleryPaths.dayPage(date)
            if try remove(path, in: folder, fileGuard: fileGuard) { removed.append(path) }
        }
        return removed
    }

    /// Makes the folders `path` (relative to `folder`) needs; false when one
    /// of them is there as something else, a symbolic link included (never followed).
    static func makeFolders(of path: String, in folder: String) throws(ImagingError) -> Bool {
        for subfolder in GalleryPaths.folders(of: path) {
            var status = stat()
            if lstat(folder + "/" + subfolder, &status) == 0 {
                guard (status.st_mode & S_IFMT) == S_IFDIR else { return false }
                continue
            }
            try ImagingError.converting(try Folders.create(folder + "/" + subfolder))
        }
        return true
    }

    /// The .html files below `subfolder` of `folder` (relative to `folder`,
    /// sorted) not in `kept`; symbolic links are not followed.
    static func staleFiles(in folder: String, below subfolder: String, keeping kept: Set<String>) -> [String] {
        OutputSweep.unexpectedFiles(under: subfolder, in: folder, expected: kept).filter { $0.hasSuffix(".html") }.sorted()
    }

    /// The trip pages and maps in trips/ (relative to `folder`, sorted) not in `kept`; symbolic links are not followed.
    static func staleTripFiles(in folder: String, keeping kept: Set<String>) -> [String] {
        OutputSweep.unexpectedFiles(under: GalleryPaths.tripsFolder, in: folder, expected: kept)
            .filter { $0.hasSuffix(".html") || $0.hasSuffix("-map.svg") }.sorted()
    }

    /// Deletes the page at `path` (relative to `folder`) when `fileGuard`
    /// allows, reached without following a symbolic link; whether it is gone.
    static func remove(_ path: String, in folder: String, fileGuard: GalleryFileGuard) throws(ImagingError) -> Bool {
        let root = AbsolutePath.of(folder)
        guard FileBytes.exists(root + "/" + path) else { return false }
        // The mark is read from the very file removed.
        switch ConfinedFiles.remove(root + "/" + path, root: root, isOurs: fileGuard.mayRemove(descriptor:)) {
        case .removed, .gone: return true
        case .present, .refused: return false
        case .failed(let problem): throw .fileSystem(.failed(.remove, path: "\(folder)/\(path)", problem))
        }
    }
}
