import Catalog
import Imaging

/// The one plan of a day's sheet, which `fourcut --per-day` and `process`
/// both build: the same day at the same settings is the same recipe, with
/// the same key and the same file name, so either command finds the
/// other's sheet.
extension FourCutPerDay {
    /// "2025-04-10.jpg": a day's sheet in `format` (JPEG when none is registered).
    public static func fileName(ofDay day: String, format: ImageFormat = .jpeg) -> String {
        "\(day).\((ImageEncoders.encoder(for: format) ?? ImageEncoders.standard).preferredExtension)"
    }

    /// A day's caption: the title, and the date as `options` write it
    /// (`.auto`: the day itself, no photo read for it; `.text`: that text).
    public static func caption(ofDay day: String, options: FourCutOptions) -> (title: String?, date: String?)? {
        let title = options.title.flatMap { $0.isEmpty ? nil : $0 }
        let date: String? = switch options.caption {
        case .none: nil
        case .text(let text): text
        case .auto: CaptureDate(exifDateTime: String(day.map { $0 == "-" ? ":" : $0 }) + " 00:00:00")
            .flatMap { options.dates.text(for: [$0]) }
        }
        return title == nil && date == nil ? nil : (title, date)
    }

    /// The sheet of `day` from its photos (every item of the day, in time
    /// order; four are picked by `pick(_:first:)`), at `path`.
    static func plannedSheet(ofDay day: String, photos: [ThumbnailOutputs.Photo], options: FourCutOptions, quality: Int,
                             pickFirst: Bool = false, path: String, root: String, parameters: String) -> PlannedOutput {
        FourCutSheetOutput.planned(pick(photos, first: pickFirst), caption: caption(ofDay: day, options: options),
                                   options: options,
                                   encoding: FourCutSheetOutput.encoding(forOutputPath: path, quality: quality, dpi: options.dpi),
                                   path: path, root: root, parameters: parameters)
    }

    /// Four photos of a day in time order: spread evenly over the day's
    /// photos (first, last and two between, `DaySpread`), or the first four.
    static func pick<Photo>(_ photos: [Photo], first: Bool) -> [Photo] {
        first ? Array(photos.prefix(4)) : DaySpread.pick(photos, count: 4)
    }
}

/// At most `count` of a day's photos in time order, spread over the day:
/// the first, the last and evenly between. A day's sheet and its
/// animation pick their photos so.
enum DaySpread {
    static func pick<Photo>(_ photos: [Photo], count: Int) -> [Photo] {
        if photos.count <= count { return photos }
        let last = Double(photos.count - 1)
        return (0..<count).map { photos[Int((Double($0) * last / Double(count - 1)).rounded())] }
    }
}
