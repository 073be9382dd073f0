#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Catalog
import Files

/// Writes a static HTML gallery (the files `GalleryFiles` composes):
/// index.html with a calendar per month, a page per day and per photo,
/// "On this day" pages, SVG maps, problems.html when some files could not
/// be shown, style.css and gallery.js. Pages link only to files inside the
/// gallery folder (and the originals), reach no network, work without their
/// script, and open from the file system.
public enum GalleryWriter {
    /// Writes the gallery of `days` into `folder` (created when missing).
    ///
    /// Each file is written atomically and only when its content changed;
    /// the same input gives the same bytes. A file already at a page's or
    /// the stylesheet's path is replaced only as `fileGuard` allows (by
    /// default, only one with the gallery's mark): one it refuses is left as
    /// it is and listed in `refusedFiles`, and the rest is still written.
    /// Pages and maps this writer names that are no longer called for are
    /// deleted, when `fileGuard` allows (`GalleryStaleFiles`); other files
    /// are never touched. Days are ordered by date; days with no photos are
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
        let set = try GalleryFiles(days: days, problems: problems, options: options, folder: folder)
        var summary = GallerySummary()
        summary.refusedFiles = set.refused
        for file in set.files {
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
        summary.removedFiles = try GalleryStaleFiles.remove(keeping: set, in: folder, fileGuard: fileGuard)
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
}
