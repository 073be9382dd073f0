import Catalog
import Files

/// Writes a static HTML gallery: index.html (the library in brief), a page
/// per year, month, day and photo, "On this day" pages, SVG maps,
/// problems.html when some files could not be shown, style.css and
/// gallery.js. No page grows with the library beyond its own year, month,
/// day or photo. Pages link only to files inside the gallery folder (and
/// the originals), reach no network, work without their script, and open
/// from the file system.
public enum GalleryWriter {
    /// Writes the gallery of `days` into `folder` (created when missing).
    ///
    /// Each file's recipe key is worked out from what it is made of (its
    /// day's or photo's fields, its neighbours, the options and the
    /// templates' version: `PageFingerprint`), not from its text; a file
    /// `isCurrent` says was made with its key (the catalog's outputs table)
    /// is neither rendered, read nor written. The others are rendered (photo
    /// pages on `jobs` threads) and written atomically when their bytes changed; the same
    /// input gives the same bytes and the same keys. Every key is in
    /// `GallerySummary.keys`.
    ///
    /// A file already at a page's or the stylesheet's path is replaced only
    /// as `fileGuard` allows (by default, only one with the gallery's
    /// mark): one it refuses is left as it is and listed in `refusedFiles`,
    /// and the rest is still written. Pages and maps this writer names that
    /// are no longer called for are deleted, when `fileGuard` allows
    /// (`GalleryStaleFiles`); other files are never touched. Days are
    /// ordered by date; days with no photos are left out; two entries for
    /// one date are merged.
    /// - Throws: `ImagingError.fileSystem` when a folder or file cannot be made.
    public static func write(days: [GalleryDay], problems: [GalleryProblem] = [], undated: [GalleryPhoto] = [],
                             similar: [GallerySimilarGroup] = [], options: GalleryOptions = GalleryOptions(),
                             to folder: String,
                             fileGuard: GalleryFileGuard = GalleryFileGuard(), scope: GalleryScope? = nil, jobs: Int = 1,
                             isCurrent: (_ path: String, _ key: String) -> Bool = { _, _ in false })
        throws(ImagingError) -> GallerySummary {
        try pass(days: days, problems: problems, undated: undated, similar: similar, options: options, to: folder, fileGuard: fileGuard,
                 scope: scope, jobs: jobs,
                 isCurrent: isCurrent).summary
    }

    /// `write`, returning the whole pass (how many files it rendered, too).
    static func pass(days: [GalleryDay], problems: [GalleryProblem] = [], undated: [GalleryPhoto] = [],
                     similar: [GallerySimilarGroup] = [], options: GalleryOptions = GalleryOptions(),
                     to folder: String, fileGuard: GalleryFileGuard = GalleryFileGuard(), scope: GalleryScope? = nil,
                     jobs: Int = 1,
                     isCurrent: (_ path: String, _ key: String) -> Bool = { _, _ in false }) throws(ImagingError) -> GalleryPass {
        try ImagingError.converting(try Folders.create(folder + "/" + GalleryPaths.daysFolder))
        var plan = GalleryPlan(days: normalized(days), problems: problems, undated: undated)
        plan.similar = similar
        var pass = GalleryPass(folder: folder, options: options, fileGuard: fileGuard, jobs: jobs)
        try pass.write(plan, scope: scope, isCurrent: isCurrent)
        let removed = try GalleryStaleFiles.remove(keeping: plan, scope: scope, in: folder, fileGuard: fileGuard)
        pass.noteRemoved(removed)
        return pass
    }

    /// The key of a file whose text is a constant (the stylesheet, the
    /// script): its path and its whole text.
    public static func textKey(path: String, text: String) -> String {
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
