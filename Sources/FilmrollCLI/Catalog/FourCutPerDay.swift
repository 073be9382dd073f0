import Catalog
import Imaging

/// `fourcut --per-day`: one sheet for each day of the catalog that has at
/// least four photos, named by the date.
struct FourCutPerDay {
    let maker: FourCutMaker
    let folder: String
    let outFolder: String
    let pickFirst: Bool
    let format: ImageFormat
    let quiet: Bool

    func run() -> ExitCode {
        Interruption.install()
        let days: [(day: String, photos: [PhotoRecord])]
        let catalog: Catalog
        do {
            catalog = try CatalogAccess.open(folder: folder, path: maker.catalogPath, access: .read)
            var byDay: [String: [PhotoRecord]] = [:]
            for photo in try catalog.photos(matching: PhotoQuery()) {
                guard let taken = photo.takenAt else { continue }
                byDay[String(taken.prefix(10)), default: []].append(photo)
            }
            days = byDay.filter { $0.value.count >= 4 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        } catch {
            maker.io.reportFailure(path: folder, CatalogAccess.explain(error, folder: folder, path: maker.catalogPath))
            return .failure
        }
        if days.isEmpty {
            maker.io.printError("filmroll: \(displayPath(folder)): no day has four photos (run 'filmroll index' first?)")
            return .failure
        }
        let progress = ProgressBar(io: maker.io, total: days.count, label: "fourcut", enabled: !quiet && !maker.json)
        var made = 0, failed = 0
        for (day, photos) in days {
            if Interruption.requested { break }
            let chosen = Self.pick(photos, first: pickFirst)
            let output = "\(outFolder)/\(day).\(format == .png ? "png" : "jpg")"
            let caption = CaptureDate(exifDateTime: day.replacingDashes() + " 00:00:00").flatMap { maker.options.dates.text(for: [$0]) }
            if maker.make(photos: chosen.map { catalog.absolutePath(of: $0.path) }, output: output, dayCaption: caption) {
                made += 1
            } else {
                failed += 1
            }
            progress.advance()
        }
        progress.finish()
        if !quiet && !maker.json {
            maker.io.print("\(made) four-cut\(made == 1 ? "" : "s") made, \(failed) failed; in \(displayPath(outFolder))")
        }
        if Interruption.requested {
            maker.io.printError("filmroll: interrupted; run the same command again to finish")
            return Interruption.exitCode
        }
        return failed > 0 ? .failure : .success
    }

    /// Four photos of a day in time order: spread evenly over the day's
    /// photos (first, last and two between), or the first four.
    static func pick(_ photos: [PhotoRecord], first: Bool) -> [PhotoRecord] {
        if first || photos.count == 4 { return Array(photos.prefix(4)) }
        let last = Double(photos.count - 1)
        return (0..<4).map { photos[Int((Double($0) * last / 3).rounded())] }
    }
}

extension String {
    func replacingDashes() -> String { String(map { $0 == "-" ? ":" : $0 }) }
}
