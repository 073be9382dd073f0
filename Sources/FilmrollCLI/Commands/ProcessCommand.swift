import Filmroll

/// `filmroll process FOLDER`: the catalog, thumbnails, four-cut sheets,
/// animations and a gallery of a photo folder, in one run. The work is
/// `FolderProcess`'s; this parses, reports and prints.
struct ProcessCommand: Command {
    static let folder = ArgumentSpec(name: "FOLDER", help: "The photo folder (searched recursively).")
    static let output = OutputOptions.spec("DIR")
    static let title = CalendarOptions.title.defaulting(to: "the folder's name")
    static let animation = OptionSpec.value(
        "animation", "gif|webp|mp4", "Each day's animation in these formats; the gallery shows the first.").takingSeveral().defaulting(to: "gif")
    static let originals = OptionSpec.value(
        "originals", "link|copy|none", "Photo pages link each original by a relative path into FOLDER (default), to a copy in the gallery's originals/ (a gallery that travels alone), or not at all.")
    static let previewSize = OptionSpec.value(
        "preview-size", "PX", "The photo pages' preview for high-density screens, made for photos larger than 1024 px (default 1512; 0: none).")
    static let merge = OptionSpec.flag("merge", "First fold the shards' catalogs into the folder's (as 'filmroll merge').")
    static let noSimilar = OptionSpec.flag(
        "no-similar", "Do not fingerprint the photos: copies each keep a tile, no group is left out of the sheets, "
            + "and a burst shows its frame with the most bytes per pixel.")

    static let spec = CommandSpec(
        name: "process",
        abstract: "Index a folder and make its thumbnails, daily four-cuts and animations, and a gallery.",
        arguments: [folder],
        options: [output, title, CalendarOptions.locale, CalendarOptions.sunday, animation, originals, previewSize, CalendarOptions.xdg,
                  noSimilar]
            + PlaceOptions.specs + ShardOptions.specs + [merge] + JobsOptions.specs + MakingOptions.specs,
        synopsis: [[.argument(folder), .optional(output), .optional(title), .optional(CalendarOptions.locale), .optional(CalendarOptions.sunday),
                    .optional(animation), .optional(originals), .optional(previewSize), .optional(CalendarOptions.xdg), .optional(noSimilar),
                    .optional(PlaceOptions.basemap), .optional(PlaceOptions.hidePlacesNear),
                    .oneOf([ShardOptions.shard, merge]), .optional(ForceOption.force), .oneOf(CatalogOptions.specs),
                    .optional(JobsOptions.jobs), .optional(ReportOptions.json), .optional(ReportOptions.quiet)]],
        discussion: """
        The gallery and its images go in --out DIR (default FOLDER/.filmroll/gallery).
        The stages, in order: index the folder (as 'filmroll index'); make 256 and 1024 px thumbnails of every
        photo; a four-cut sheet for every day with at least 4 photos; an animation for every day with at least
        2 (a GIF, or --animation webp, mp4 or several); and a static HTML gallery (index.html, a month calendar, a page per day,
        a page per photo with a 1512 px preview, its details, its place and its original, "On this day" pages, maps of each
        day's route and of the library drawn offline, and a page of the files it could not show) that opens from file://;
        a small script adds arrow keys and swipes (on a focused video the arrows seek it), and every page works without it. Place names come from GeoNames' cities1000
        (CC BY 4.0), built into the program; day maps show shores, lakes and rivers from GSHHG (Debian's gmt-gshhg-full)
        or, with --basemap FILE, the streets of an OpenStreetMap extract you supply; nothing is fetched.
        A photo that cannot be read is named, left out of its day's sheet and animation, and listed on the problems page;
        the catalog remembers it, so later runs pass it over (exit 0) until the file changes.
        Each photo is decoded once for all its outputs. A re-run makes only what changed: a new or changed photo
        remakes its own thumbnails and its day's sheet, animation and pages; a deleted photo's outputs go.
        --basemap FILE names an OpenStreetMap extract (PMTiles or MBTiles) the day maps are drawn over, and
        --hide-places-near LAT,LON,KM (repeatable) a place whose photos' positions no map, page, listing ('ls --json',
        'show') or copied original shows: the catalog keeps the positions, the outputs leave them out, and with
        --originals copy such a photo is not copied (its page links the original in FOLDER). Both are remembered in
        the folder's catalog, so a re-run needs neither flag; 'none' forgets. A remembered basemap that is gone is
        named in one line and the maps are drawn without it. With --no-catalog they hold for the run alone; a shard
        uses the folder's remembered ones (a flag given to a shard holds for it alone).
        Ctrl-C stops within a second, leaving no partial file; run the command again to finish.
        A second run on the same folder and catalog waits for the first to finish (saying so in one line), then
        does only what is left; shards never wait for each other.
        A file in the way that Filmroll did not make (an image, or in a folder given with --out a page or
        stylesheet) is left as it is and named (exit 1), unless --force; in FOLDER/.filmroll/gallery every page is
        Filmroll's own. With --no-catalog the photos are indexed afresh into a temporary catalog that is deleted at
        the end: the folder's catalog is neither read nor written. --json prints one object per event and a summary;
        with --quiet the gallery's address is still printed.
        A re-run that finds no photo added, changed or gone, no output touched and the same options stops after the
        folder walk. With --shard K/N, one of N tasks (a Slurm job array, a Kubernetes Indexed Job) takes the days
        whose date falls to it by a stable hash (an undated photo goes by its path): it reads every photo's header
        for its day, indexes its own days' photos into .filmroll/catalog.shard-K-of-N.sqlite, and makes all of
        their days: thumbnails, previews, clips, sheets, animations, day and photo pages, as a single run makes
        them; 'filmroll merge FOLDER' then folds the shard catalogs into the folder's and writes what spans days
        (index, year and month pages, On this day, the library's map). A shard killed and run again redoes only
        its unfinished work.
        """
    )

    var folder: String
    var outputFolder: String?
    var jobs: Int
    var xdg: Bool
    var findsSimilar: Bool
    var animationFormats: [ImageFormat]
    var gallery: GalleryOptions
    var originals: OriginalLinks
    var previewSize: Int
    var shard: Shard?
    var merges: Bool
    var places: PlaceOptions
    var common: MakingOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "missing FOLDER" : "process takes one FOLDER")
        }
        folder = arguments.positionals[0]
        outputFolder = OutputOptions.path(arguments)
        jobs = try JobsOptions(arguments).jobs
        common = try MakingOptions(arguments)
        shard = try ShardOptions(arguments).shard
        places = try PlaceOptions(arguments)
        merges = arguments.has(Self.merge)
        if shard != nil && merges { throw UsageError("--shard and --merge cannot be used together: merge after the shards") }
        if shard != nil && !common.useCatalog { throw UsageError("--shard needs a catalog: the shards meet in it") }
        xdg = arguments.has(CalendarOptions.xdg)
        findsSimilar = !arguments.has(Self.noSimilar)
        let formats = (arguments.value(Self.animation) ?? "gif").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        animationFormats = []
        for name in formats {
            guard let format = ImageEncoders.animationWriter(named: name)?.format else {
                throw UsageError("--animation takes \(ImageEncoders.animationNameList) (several separated by commas), not '\(name)'")
            }
            if !animationFormats.contains(format) { animationFormats.append(format) }
        }
        originals = try arguments.choice(Self.originals, [("link", .link), ("copy", .copy), ("none", OriginalLinks.none)], default: .link)
        let preview = arguments.value(Self.previewSize) ?? String(ProcessOptions().previewSize)
        guard let previewSize = Int(preview), previewSize == 0 || (1025...16384).contains(previewSize) else {
            throw UsageError("--preview-size takes 0 (none) or a size from 1025 to 16384 pixels, not '\(preview)'")
        }
        self.previewSize = previewSize
        let galleryLocale: GalleryLocale = try CalendarOptions.isKorean(arguments) ? .ko : .en
        let name = folder.split(separator: "/").last.map(String.init) ?? folder
        gallery = GalleryOptions(title: arguments.value(Self.title) ?? name, weekStart: arguments.has(CalendarOptions.sunday) ? .sunday : .monday,
                                 locale: galleryLocale)
    }

    func run(_ io: CommandIO) -> ExitCode {
        Interruption.install()
        guard Folders.isFolder(folder) else {
            io.reportFailure(path: folder, FileBytes.exists(folder) ? "not a folder" : "no such folder")
            return .failure
        }
        var options = ProcessOptions()
        options.outputFolder = outputFolder
        options.jobs = jobs
        options.force = common.force
        options.keepsCatalog = common.useCatalog
        options.findsSimilar = findsSimilar
        options.limits = common.limits
        options.memoryBytes = common.memoryBytes
        options.animationFormats = animationFormats
        options.gallery = gallery
        options.originals = originals
        options.previewSize = previewSize
        options.shard = shard
        options.mergesShards = merges
        if xdg { options.xdgRoot = XDGThumbnail.cacheRoot(environment: ProcessEnvironment.current) }
        guard checkBasemap(io) else { return .failure }
        let cancellation = CancellationToken()
        Interruption.cancelOnSignal(cancellation)
        let display = ProcessDisplay(io: io, json: common.json, quiet: common.quiet)
        let summary: ProcessSummary
        do {
            var process = FolderProcess(folder: folder, options: options)
            process.settingChanges = FolderSettings.Changes(basemap: places.basemap, hiddenPlaces: places.hiddenPlaces)
            summary = try process.run(catalogPath: common.catalogPath, cancellation: cancellation, events: display.handle)
        } catch let error as ImagingError {
            // A gallery page that did not fit is one more output for want of room.
            let storageErrno = StorageCause.code(of: error)
            if !(storageErrno.map { display.storageFailures.absorb(output: error.namedPath ?? folder, errno: $0) } ?? false) {
                io.reportFailure(path: folder, error.description)
            }
            display.finish()
            return .failure
        } catch {
            display.finish()
            io.reportFailure(path: folder, CatalogAccess.explain(error, folder: folder, path: common.catalogPath))
            return .failure
        }
        display.finish()
        if summary.cancelled {
            io.printError("filmroll: interrupted; run the same command again to finish")
            return Interruption.exitCode
        }
        display.printSummary(summary, shard: shard, folder: folder)
        return summary.failed > 0 || summary.index.failed > 0 ? .failure : .success
    }

    /// The basemap as given, checked to be a readable file (what is in it
    /// is the basemap reader's to say).
    private func checkBasemap(_ io: CommandIO) -> Bool {
        guard case let .set(file) = places.basemap else { return true }
        do throws(FileError) {
            try FolderSettings.checkedBasemap(file)
            return true
        } catch {
            io.reportFailure(path: file, "--basemap: \(error.description)")
            return false
        }
    }
}
