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
    }

    public var maker: FourCutMaker
    /// The catalogued folder.
    public var folder: String
    /// Where the sheets go.
    public var outputFolder: String
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
            var byDay: [String: [String]] = [:]
            for photo in try catalog.photos(matching: PhotoQuery()) {
                guard let taken = photo.takenAt else { continue }
                byDay[String(taken.prefix(10)), default: []].append(catalog.absolutePath(of: photo.path))
            }
            return byDay.filter { $0.value.count >= 4 }.sorted { $0.key < $1.key }.map { Day(date: $0.key, photos: $0.value) }
        } catch {
            throw CatalogError(error, path: catalogPath ?? Catalog.defaultPath(for: folder), folder: folder)
        }
    }

    /// Makes the sheet of each day, in order, telling each result to
    /// `made`; stops between sheets once `cancellation` is cancelled.
    /// - Returns: how many sheets were made and how many failed.
    @discardableResult
    public func make(_ days: [Day], cancellation: CancellationToken = CancellationToken(),
                     made: (Day, Result<FourCutSheet, FourCutError>) -> Void = { _, _ in }) -> (made: Int, failed: Int) {
        var counts = (made: 0, failed: 0)
        for day in days {
            if cancellation.isCancelled { break }
            let result = Result { () throws(FourCutError) in
                try maker.make(photos: Self.pick(day.photos, first: pickFirst), output: output(for: day), dayCaption: caption(for: day))
            }
            if case .success = result { counts.made += 1 } else { counts.failed += 1 }
            made(day, result)
        }
        return counts
    }

    /// `OUT/2025-04-10.jpg`
    public func output(for day: Day) -> String {
        "\(outputFolder)/\(day.date).\((ImageEncoders.encoder(for: format) ?? ImageEncoders.standard).preferredExtension)"
    }

    /// The day's date as the sheet's caption says it.
    private func caption(for day: Day) -> String? {
        CaptureDate(exifDateTime: String(day.date.map { $0 == "-" ? ":" : $0 }) + " 00:00:00")
            .flatMap { maker.options.dates.text(for: [$0]) }
    }

    /// Four photos of a day in time order: spread evenly over the day's
    /// photos (first, last and two between), or the first four.
    static func pick<Photo>(_ photos: [Photo], first: Bool) -> [Photo] {
        if first || photos.count == 4 { return Array(photos.prefix(4)) }
        let last = Double(photos.count - 1)
        return (0..<4).map { photos[Int((Double($0) * last / 3).rounded())] }
    }
}
