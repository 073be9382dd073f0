#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Catalog
import Files

/// Writes a static HTML gallery: index.html with a calendar per month,
/// days/YYYY-MM-DD.html for each day, problems.html when some files could
/// not be shown, and style.css. Pages link only to
/// files inside the gallery folder, use no script and no network, and open
/// from the file system.
public enum GalleryWriter {
    /// Writes the gallery of `days` into `folder` (created when missing).
    ///
    /// Each file is written atomically and only when its content changed;
    /// the same input gives the same bytes. A file already at a page's or
    /// the stylesheet's path is replaced only as `fileGuard` allows (by
    /// default, only one with the gallery's mark): one it refuses is left as
    /// it is and listed in `refusedFiles`, and the rest is still written.
    /// Day pages that this writer names (`days/YYYY-MM-DD.html`) for days no
    /// longer given are deleted, when `fileGuard` allows; other files are
    /// never touched. Days are ordered by date; days with no photos are
    /// left out; two entries for one date are merged.
    ///
    /// Each file's recipe key (`pageKey`) is in `GallerySummary.keys`; a
    /// file `isCurrent` says was made with its key (the catalog's outputs
    /// table) is neither read nor written.
    /// - Throws: `ImagingError.fileSystem` when a folder or file cannot be made.
    public static func write(days: [GalleryDay], problems: [GalleryProblem] = [], options: GalleryOptions = GalleryOptions(),
                             to folder: String,
                             fileGuard: GalleryFileGuard = GalleryFileGuard(),
                             isCurrent: (_ path: String, _ key: String) -> Bool = { _, _ in false })
        throws(ImagingError) -> GallerySummary {
        let days = normalized(days)
        try ImagingError.converting(try Folders.create(folder + "/" + GalleryPaths.daysFolder))
        var refused: [GalleryRefusal] = []
        var files: [(path: String, text: String, mark: GalleryMark)] = [
            (GalleryPaths.stylesheet, GalleryStylesheet.css, .stylesheet),
            (GalleryPaths.script, GalleryScript.source, .script),
            (GalleryPaths.index, IndexPage(days: days, problemCount: problems.count, options: options).html, .page),
        ]
        if !problems.isEmpty { files.append((GalleryPaths.problems, ProblemsPage(problems: problems, options: options).html, .page)) }
        for (position, day) in days.enumerated() {
            let page = DayPage(day: day, previous: position > 0 ? days[position - 1].date : nil,
                               next: position + 1 < days.count ? days[position + 1].date : nil, options: options)
            files.append((GalleryPaths.dayPage(day.date), page.html, .page))
        }
        // Maps: each day's route where its photos have positions, and the library's places.
        var mapDays = Set<DayDate>()
        for day in days {
            guard let svg = MapDrawing.day(day.route, title: options.locale.mapDescription(day.date)) else { continue }
            mapDays.insert(day.date)
            files.append((GalleryPaths.dayMap(day.date), svg, .svg))
        }
        let libraryMap = MapDrawing.library(days.flatMap(\.route), title: options.locale.libraryMapDescription)
        if let libraryMap { files.append((GalleryPaths.libraryMap, libraryMap, .svg)) }
        let onThisDay = OnThisDay.groups(of: days)
        for group in onThisDay {
            guard try makeFolders(of: group.path, in: folder) else {
                refused.append(GalleryRefusal(path: group.path, reason: "a folder on its way is a symbolic link or not a folder"))
                continue
            }
            files.append((group.path, OnThisDayPage(group: group, options: options).html, .page))
        }
        // Photo pages, each linking the photos before and after it across days.
        let sequence = days.flatMap { day in day.photos.filter { $0.page != nil }.map { (day.date, $0) } }
        var photoPages = Set<String>()
        for (position, (date, photo)) in sequence.enumerated() {
            guard let path = photo.page, photoPages.insert(path).inserted else { continue }
            let page = PhotoPage(photo: photo, day: date, previous: position > 0 ? sequence[position - 1].1 : nil,
                                 next: position + 1 < sequence.count ? sequence[position + 1].1 : nil, options: options)
            guard try makeFolders(of: path, in: folder) else {
                refused.append(GalleryRefusal(path: path, reason: "a folder on its way is a symbolic link or not a folder"))
                continue
            }
            files.append((path, page.html, .page))
        }
        var summary = GallerySummary()
        summary.refusedFiles = refused
        for file in files {
            let key = pageKey(path: file.path, text: file.text)
            if isCurrent(file.path, key) {
                summary.unchangedFiles.append(file.path)
                summary.keys[file.path] = key
                continue
            }
            do throws(ImagingError) {
                try fileGuard.check(folder + "/" + file.path, mark: file.mark)
            } catch {
                summary.refusedFiles.append(GalleryRefusal(path: file.path, reason: error.description))
                continue
            }
            if try ChangedFileWriter.write(file.text, to: folder + "/" + file.path) {
                summary.writtenFiles.append(file.path)
            } else {
                summary.unchangedFiles.append(file.path)
            }
            summary.keys[file.path] = key
        }
        summary.removedFiles = try removeStalePages(in: folder, keeping: Set(days.map(\.date)), maps: mapDays, fileGuard: fileGuard)
        if libraryMap == nil, try remove(GalleryPaths.libraryMap, in: folder, fileGuard: fileGuard) {
            summary.removedFiles.append(GalleryPaths.libraryMap)
        }
        if problems.isEmpty, try remove(GalleryPaths.problems, in: folder, fileGuard: fileGuard) {
            summary.removedFiles.append(GalleryPaths.problems)
        }
        for path in staleFiles(in: folder, below: GalleryPaths.onThisDayFolder, keeping: Set(onThisDay.map(\.path)))
            + staleFiles(in: folder, below: GalleryPaths.photosFolder, keeping: photoPages)
            where try remove(path, in: folder, fileGuard: fileGuard) {
            summary.removedFiles.append(path)
        }
        return summary
    }

    /// A page's recipe key: its path and its whole text, which is all it is
    /// made from (the days' photos, names, sizes, dates, the options, the
    /// templates of this version), so the key changes exactly when the page does.
    public static func pageKey(path: String, text: String) -> String {
        OutputRecipe(kind: .page, inputs: [], parameters: path + "\n" + text).key
    }

    /// Days by date, one per date, each with photos.
    static func normalized(_ days: [GalleryDay]) -> [GalleryDay] {
        var byDate: [DayDate: GalleryDay] = [:]
        for day in days where !day.photos.isEmpty {
            guard var merged = byDate[day.date] else { byDate[day.date] = day; continue }
            merged.photos += day.photos
            if merged.fourCut == nil { (merged.fourCut, merged.fourCutSize) = (day.fourCut, day.fourCutSize) }
            if merged.animation == nil { (merged.animation, merged.animationSize) = (day.animation, day.animationSize) }
            byDate[day.date] = merged
        }
        return byDate.values.sorted { $0.date < $1.date }
    }

    /// Deletes the day pages in days/ whose day is not in `kept`, as far as
    /// `fileGuard` allows, reached without following a symbolic link below
    /// `folder` (`ConfinedFiles`): a page behind a link is left alone.
    /// - Returns: their paths, relative to the gallery folder, sorted.
    private static func removeStalePages(in folder: String, keeping kept: Set<DayDate>, maps: Set<DayDate>,
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
    private static func makeFolders(of path: String, in folder: String) throws(ImagingError) -> Bool {
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
    private static func staleFiles(in folder: String, below subfolder: String, keeping kept: Set<String>) -> [String] {
        var stale: [String] = [], pending = [subfolder]
        while let relative = pending.popLast() {
            for name in Folders.names(in: folder + "/" + relative) {
                let path = relative + "/" + name
                var status = stat()
                guard lstat(folder + "/" + path, &status) == 0 else { continue }
                if (status.st_mode & S_IFMT) == S_IFDIR {
                    pending.append(path)
                } else if (status.st_mode & S_IFMT) == S_IFREG, name.hasSuffix(".html"), !kept.contains(path) {
                    stale.append(path)
                }
            }
        }
        return stale.sorted()
    }

    /// Deletes the page at `path` (relative to `folder`) when `fileGuard`
    /// allows, reached without following a symbolic link; whether it is gone.
    private static func remove(_ path: String, in folder: String, fileGuard: GalleryFileGuard) throws(ImagingError) -> Bool {
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
