/// Where the gallery's own files go inside its folder, and how a page links
/// to any file of the gallery.
enum GalleryPaths {
    static let index = "index.html"
    static let stylesheet = "style.css"
    static let daysFolder = "days"
    static let problems = "problems.html"
    /// The photos with no date (`UndatedPage`).
    static let undated = "undated.html"
    /// The Similar photos page (`SimilarPage`).
    static let similar = "similar.html"
    static let script = "gallery.js"
    static let photosFolder = "photos"
    static let onThisDayFolder = "on-this-day"
    static let monthsFolder = "months"
    static let yearsFolder = "years"
    static let tripsFolder = "trips"

    /// "days/2025-04-10.html".
    static func dayPage(_ date: DayDate) -> String { "\(daysFolder)/\(date.iso).html" }

    /// "days/2025-04-10-map.svg".
    static func dayMap(_ date: DayDate) -> String { "\(daysFolder)/\(date.iso)-map.svg" }

    /// "months/2025-04.html".
    static func monthPage(year: Int, month: Int) -> String { "\(monthsFolder)/\(digits(year, 4))-\(digits(month, 2)).html" }

    /// "years/2025.html".
    static func yearPage(_ year: Int) -> String { "\(yearsFolder)/\(digits(year, 4)).html" }

    /// "trips/2025-04-10.html": the trip whose first day that is (`TripPage`).
    static func tripPage(_ first: DayDate) -> String { "\(tripsFolder)/\(first.iso).html" }

    /// "trips/2025-04-10-map.svg".
    static func tripMap(_ first: DayDate) -> String { "\(tripsFolder)/\(first.iso)-map.svg" }

    /// The library's map.
    static let libraryMap = "map.svg"

    /// The day of a name in the days folder that the gallery writes ("2025-04-10.html"), else nil.
    static func day(ofPageNamed name: String) -> DayDate? {
        guard name.hasSuffix(".html") else { return nil }
        return DayDate(iso: String(name.dropLast(5)))
    }

    /// The day of a map's name in the days folder ("2025-04-10-map.svg"), else nil.
    static func day(ofMapNamed name: String) -> DayDate? {
        guard name.hasSuffix("-map.svg") else { return nil }
        return DayDate(iso: String(name.dropLast(8)))
    }

    /// The folders a file at `path` needs, outermost first: "photos", "photos/2025" for "photos/2025/IMG_0001.html".
    static func folders(of path: String) -> [String] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return parts.indices.map { parts[...$0].joined(separator: "/") }
    }

    /// The id of a month's calendar table, "m-2025-04".
    static func monthAnchor(year: Int, month: Int) -> String { "m-\(digits(year, 4))-\(digits(month, 2))" }
}

/// How one page links to files of the gallery: through `toRoot` ("" from
/// the index, "../" from a day, month or year page), each path segment percent-encoded,
/// the whole escaped for an attribute.
struct PageLinks {
    let toRoot: String

    /// The attribute value for `path`, relative to the gallery folder.
    func url(_ path: String, fragment: String? = nil) -> String {
        HTMLEscaping.escape(toRoot + URLPath.encode(path) + (fragment.map { "#" + URLPath.encode($0) } ?? ""))
    }
}
