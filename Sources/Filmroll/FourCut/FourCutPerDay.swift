import Catalog
import Imaging

/// One four-cut sheet for each day of a folder's catalog that has at least
/// four photos, named by the date (`2025-04-10.jpg`): `fourcut --per-day`.
public struct FourCutPerDay {
    /// A day of the catalog with at least four photos.
    public struct Day: Sendable, Hashable {
        /// `2025-04-10`
        public var date: String
        /// The day's photos in time order, as absolute paths.
        public var photos: [String]
        /// Their catalog rows, in the same order.
        var records: [PhotoRecord] = []
    }

    public var maker: FourCutMaker
    /// The catalogued folder.
    public var folder: String
    /// Where the sheets go.
    public var outputFolder: String
    /// Whether the folder is marked as the catalog's (an `--out DIR` the user named;
    /// not the working folder sheets go to by default, which is the user's).
    public var marksOutputFolder = false
    /// Take the day's first four photos instead of four spread over the day.
    public var pickFirst: Bool
    /// The sheets' format: one `ImageEncoders` writes (`.jpeg` or `.png` built in).
    public var format: ImageFormat

    public init(maker: FourCutMaker, folder: String, outputFolder: String, pickFirst: Bool = false, format: ImageFormat = .jpeg) {
        self.maker = maker
        self.folder = folder
        self.outputFolder = outputFolder
        self.pickFirst = pickFirst
        self.format = format
    }

    /// The days of the catalog (the lineage's `catalogPath`, else the
    /// folder's own) with at least four photos, in date order.
    /// - Throws: `CatalogError` when the catalog cannot be read.
    public func days() throws(CatalogError) -> [Day] {
        let catalogPath = maker.lineage?.catalogPath
        do {
            let catalog = try CatalogLocator.open(folder: folder, path: catalogPath, access: .read)
            var byDay: [String: [PhotoRecord]] = [:]
            // As `process` plans its days' sheets: copies folded, one photo of each group.
            let similar = try SimilarLinks.read(catalog)
            for photo in try catalog.photos(matching: .galleryItems) {
                guard let taken = photo.takenAt else { continue }
                byDay[String(taken.prefix(10)), default: []].append(photo)
            }
            for (day, photos) in byDay { byDay[day] = similar.distinct(photos) { $0.id } }
            return byDay.filter { $0.value.count >= 4 }.sorted { $0.key < $1.key }.map {
                Day(date: $0.key, photos: $0.value.map { catalog.absolutePath(of: $0.path) }, records: $0.value)
            }
        } catch {
            throw CatalogError(error, path: catalogPath ?? Catalog.defaultPath(for: folder), folder: folder)
        }
    }

    /// What `make` did.
    public struct Outcome: Sendable {
        public var made = 0
        /// Sheets whose recipe was already made (left, or copied from where it was).
        public var upToDate = 0
        public var failed = 0
        /// Why the sheets made could not be recorded in the catalog.
        public var recordingError: CatalogError?
    }

    /// Makes the sheet of each day that the catalog's record does not
    /// show current, as one plan: `PlanExecutor` decodes the photos of all
    /// the days on the maker's jobs and makes each sheet once its four are
    /// in, telling each result to `made` (one call at a time). Once
    /// `cancellation` is cancelled no new photo is decoded.
    @discardableResult
    public func make(_ days: [Day], cancellation: CancellationToken = CancellationToken(),
                     made: @escaping @Sendable (Day, Result<FourCutSheet, FourCutError>) -> Void = { _, _ in }) -> Outcome {
        var outcome = Outcome()
        let catalog: Catalog?
        let ledger: OutputLedger
        do throws(CatalogError) {
            catalog = try maker.lineage?.openCatalog(ofFolder: folder)
            ledger = try catalog.map { catalog throws(CatalogError) in
                do { return OutputLedger(try catalog.ledger()) } catch { throw CatalogError(error, catalog: catalog) }
            } ?? OutputLedger()
        } catch {
            for day in days { made(day, .failure(.catalog(error))) }
            outcome.failed = days.count
            return outcome
        }
        // The sheets' folder is the catalog's, marked as such (an --out folder), or refused when another catalog's.
        if let catalog, !days.isEmpty {
            do throws(ImagingError) {
                try OutputRootClaim.claim(outputFolder, for: catalog, marks: marksOutputFolder)
            } catch {
                for day in days { made(day, .failure(.output(path: outputFolder, error))) }
                outcome.failed = days.count
                return outcome
            }
        }
        var outputs: [PlannedOutput] = []
        var plannedDays: [String: (day: Day, sheet: FourCutSheet)] = [:]
        for day in days {
            // The caption is checked drawable before any photo is read.
            if let caption = Self.caption(ofDay: day.date, options: maker.options) {
                do throws(TextError) {
                    try FourCutRenderer.checkCaption(caption, options: maker.options)
                } catch {
                    made(day, .failure(.rendering(error)))
                    outcome.failed += 1
                    continue
                }
            }
            let path = output(for: day)
            let photos = zip(day.photos, day.records).map { ThumbnailOutputs.Photo(catalogued: $1, at: $0) }
            outputs.append(Self.plannedSheet(ofDay: day.date, photos: photos, options: maker.options, quality: maker.quality,
                                             pickFirst: pickFirst, path: path, root: outputFolder,
                                             parameters: maker.lineageParameters))
            plannedDays[path] = (day, FourCutSheet(path: path, size: maker.options.layout.canvas, dpi: maker.options.dpi,
                                                   photos: Self.pick(day.photos, first: pickFirst)))
        }
        let planned = plannedDays
        let photoErrors = Locked<[String: ImagingError]>([:])
        let tally = Locked(outcome)
        let recorder = maker.lineage.map { SerialRecorder($0, folder: folder) }
        let executor = PlanExecutor(pipeline: maker.renderer.pipeline, jobs: maker.renderer.jobs, force: maker.force,
                                    photos: InputIdentities(paths: days.flatMap(\.photos)), cancellation: cancellation)
        let summary = executor.run(outputs, ledger: ledger, record: { recorder?.record($0) }, failures: { failure in
            switch failure {
            case let .photo(path, error):
                photoErrors.withLock { $0[path] = error }
            case .output, .missingPhotos:
                guard let (day, sheet) = planned[failure.path] else { return }
                let error = FourCutMaker.error(failure, photoErrors: photoErrors.withLock { $0 }, photos: sheet.photos)
                tally.withLock { tally in
                    tally.failed += 1
                    made(day, .failure(error))
                }
            }
        }, events: { event in
            guard case let .made(_, path) = event, let (day, sheet) = planned[path] else { return }
            tally.withLock { tally in
                tally.made += 1
                made(day, .success(sheet))
            }
        })
        outcome = tally.withLock { $0 }
        // A sheet copied from where its recipe was made is counted as made by the events, and as reused.
        outcome.made -= summary.reused
        outcome.upToDate = summary.upToDate + summary.reused
        do throws(CatalogError) { try recorder?.check() } catch { outcome.recordingError = error }
        return outcome
    }

    /// `OUT/2025-04-10.jpg`
    public func output(for day: Day) -> String {
        outputFolder + "/" + Self.fileName(ofDay: day.date, format: format)
    }
}
