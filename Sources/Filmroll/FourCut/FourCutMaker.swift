import Catalog
import Imaging

/// Plans, makes and records four-cut sheets in the catalog of the folder
/// their photos are in: what `filmroll fourcut` does.
///
/// ```swift
/// let maker = FourCutMaker(options: FourCutOptions())
/// let sheet = try maker.make(photos: ["a.jpg", "b.jpg", "c.jpg", "d.jpg"], output: "strip.jpg")
/// ```
public struct FourCutMaker {
    public var renderer: FourCutRenderer
    public var options: FourCutOptions
    /// JPEG quality, 1 to 100 (a `.png` output is lossless).
    public var quality: Int
    /// Replace an existing file Filmroll did not make (never a photo).
    public var force: Bool
    /// Records sheets with their photos; nil: no catalog is read or written.
    public var lineage: LineageRecorder?

    /// The JPEG quality sheets are made at unless told otherwise.
    public static let defaultQuality = 92

    public init(pipeline: ImagePipeline = ImagePipeline(), options: FourCutOptions = FourCutOptions(), quality: Int = defaultQuality,
                force: Bool = false, lineage: LineageRecorder? = nil, jobs: Int = Parallel.processorCount) {
        renderer = FourCutRenderer(pipeline: pipeline, jobs: jobs)
        self.options = options
        self.quality = quality
        self.force = force
        self.lineage = lineage
    }

    /// The sheet of four photos, drawn but not written.
    /// - Parameter dayCaption: the caption when `options.caption` is `.auto` (a day's date).
    public func render(photos: [String], dayCaption: String? = nil) throws(FourCutError) -> Image {
        var sources: [SourceIdentity] = []
        for photo in photos {
            do throws(ImagingError) {
                sources.append(try SourceIdentity.of(photo))
            } catch {
                throw .photo(path: photo, error)
            }
        }
        var options = options
        if let dayCaption, case .auto = options.caption { options.caption = .text(dayCaption) }
        do {
            return try renderer.render(sources, options: options)
        } catch let error as FourCutRenderer.PhotoError {
            throw .photo(path: error.path, error.error)
        } catch let error as TextError {
            throw .rendering(error)
        } catch {
            // `render` throws only the two above; anything else is told as a font that cannot be used.
            throw .rendering(.unusableFont(String(describing: error)))
        }
    }

    /// Makes `output` (`.jpg`, `.png` or another format `ImageEncoders` writes, by its
    /// extension; JPEG for a name without one it knows) from four photos and
    /// records it. The output, the catalog and the caption are checked
    /// before any pixel work; the sheet is then one planned output, run by
    /// `PlanExecutor` as `process` runs a day's sheet.
    /// - Throws: `FourCutError`; the sheet is not written then.
    public func make(photos: [String], output: String, dayCaption: String? = nil) throws(FourCutError) -> FourCutSheet {
        let inputs = InputIdentities(photos.map { InputFile(path: $0, relativePath: $0, root: ".") })
        let writer = OutputWriter(outputGuard: OutputGuard(mark: .fourcut, force: force, inputs: inputs, catalogPath: lineage?.catalogPath))
        do throws(ImagingError) {
            try writer.outputGuard.check(output)
        } catch {
            throw .output(path: output, error)
        }
        let target: LineageTarget?
        do throws(CatalogError) {
            target = try lineage?.target(forPhotos: photos)
        } catch {
            throw .catalog(error)
        }
        let sources = try Self.sources(of: photos)
        let caption = try caption(for: sources, dayCaption: dayCaption)
        // With a catalog, the photos by content (as `fourcut --per-day` and `process` name them), recorded
        // with the recipe's key, and the catalog's record consulted first: the same sheet is not made twice.
        let hashes = StreamedOutputs.hashes(lineage, target: target)
        let files = photos.map { InputFile(path: $0, relativePath: $0, root: ".") }
        // The target names each photo once, in the order first met (a photo may fill two cells).
        var distinct: [String] = []
        for photo in photos where !distinct.contains(photo) { distinct.append(photo) }
        let planned = FourCutSheetOutput.planned(
            zip(sources, files).map { source, file in
                let reference = target.flatMap { target in distinct.firstIndex(of: file.path).map { target.photos[$0] } }
                return ThumbnailOutputs.Photo(source: source, reference: reference ?? .relativePath(source.path),
                                              input: StreamedOutputs.recipeInput(file, hashes: hashes))
            },
            caption: caption, options: options,
            encoding: FourCutSheetOutput.encoding(forOutputPath: output, quality: quality, dpi: options.dpi),
            path: output, root: Self.folder(of: output), parameters: lineageParameters)
        let failure = Locked<FourCutError?>(nil)
        let recorder = lineage.flatMap { lineage in target.map { SerialRecorder(lineage, folder: $0.folder) } }
        let ledger = target != nil ? lineage?.ledger(of: .fourcut) ?? OutputLedger() : OutputLedger()
        let executor = PlanExecutor(pipeline: renderer.pipeline, jobs: renderer.jobs, force: force, photos: inputs,
                                    catalogPath: lineage?.catalogPath)
        let summary = executor.run([planned], ledger: ledger, record: { recorder?.record($0) }, failures: { failed in
            failure.withLock { $0 = $0 ?? Self.error(failed, photoErrors: [:], photos: photos) }
        }, events: { _ in })
        if let error = failure.withLock({ $0 }) { throw error }
        let found = summary.upToDate + summary.reused == 1
        guard summary.made[.fourcut] == 1 || found else { throw .output(path: output, Self.unexplained("not made", output)) }
        var made = FourCutSheet(path: output, size: options.layout.canvas, dpi: options.dpi, photos: photos)
        made.wasMade = !found
        do throws(CatalogError) { try recorder?.check() } catch { made.recordingError = error }
        return made
    }

    private static func sources(of photos: [String]) throws(FourCutError) -> [SourceIdentity] {
        var sources: [SourceIdentity] = []
        for photo in photos {
            do throws(ImagingError) {
                sources.append(try SourceIdentity.of(photo))
            } catch {
                throw .photo(path: photo, error)
            }
        }
        return sources
    }

    /// The caption's two lines, checked drawable.
    func caption(for sources: [SourceIdentity], dayCaption: String?) throws(FourCutError) -> (title: String?, date: String?)? {
        var options = options
        if let dayCaption, case .auto = options.caption { options.caption = .text(dayCaption) }
        do {
            let caption = try renderer.caption(for: sources, options: options)
            try FourCutRenderer.checkCaption(caption, options: options)
            return caption
        } catch let error as TextError {
            throw .rendering(error)
        } catch {
            throw .rendering(.unusableFont(String(describing: error)))
        }
    }

    /// A failure the executor reported, as the sheet's error: a sheet
    /// short of photos is told by the first of `photos` that failed.
    static func error(_ failure: PlanExecutor.Failure, photoErrors: [String: ImagingError], photos: [String]) -> FourCutError {
        switch failure {
        case let .photo(path, error): .photo(path: path, error)
        case .missingPhotos(let output, _):
            if let path = photos.first(where: { photoErrors[$0] != nil }) {
                .photo(path: path, photoErrors[path]!)
            } else {
                .output(path: output, unexplained(failure.reason, output))
            }
        case .output(_, let error as TextError): .rendering(error)
        case .output(let path, let error as ImagingError): .output(path: path, error)
        case .output(let path, _): .output(path: path, unexplained(failure.reason, path))
        }
    }

    /// An error the sheet's encoder would not have named.
    private static func unexplained(_ reason: String, _ output: String) -> ImagingError {
        .encodingFailed((ImageEncoders.encoder(forOutputPath: output) ?? ImageEncoders.standard).format, reason)
    }

    /// The folder a file is written in ("." for a bare name).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// How the sheet was made, as recorded in the catalog.
    var lineageParameters: String {
        JSONValue.object([
            ("layout", .string(options.style.rawValue)), ("print", .string(options.sheet.rawValue)), ("dpi", .int(options.dpi)),
            ("frame", .string(RecipeText.hex(options.frame))), ("radius", .int(options.cornerRadius)),
            ("crop", .string(options.crop.rawValue)), ("locale", .string(options.dates.locale.rawValue)),
        ]).rendered
    }
}
