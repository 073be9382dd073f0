import Filmroll

/// `filmroll ls FOLDER`: catalogued photos by the time they were taken.
struct ListCommand: Command {
    static let folder = ArgumentSpec(name: "FOLDER", help: "A catalogued photo folder.")
    static let day = OptionSpec.value("day", "YYYY-MM-DD", "Photos taken that day (local time of the photo).")
    static let from = OptionSpec.value("from", "YYYY-MM-DD", "Photos taken on or after that day.")
    static let to = OptionSpec.value("to", "YYYY-MM-DD", "Photos taken on or before that day.")
    static let camera = OptionSpec.value("camera", "TEXT", "Photos whose make or model contains TEXT (any case).")

    static let spec = CommandSpec(
        name: "ls",
        abstract: "List catalogued photos by the time they were taken.",
        arguments: [folder],
        options: [day, CalendarOptions.month, from, to, camera, CatalogOptions.catalog, ReportOptions.json],
        synopsis: [[.argument(folder), .oneOf([day, CalendarOptions.month, from]), .optional(to), .optional(camera), .optional(ReportOptions.json)]]
    )

    var folder: String
    var catalogPath: String?
    var query: PhotoQuery
    var json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("ls takes one FOLDER") }
        folder = arguments.positionals[0]
        catalogPath = try CatalogOptions(arguments).path
        json = try ReportOptions(arguments).json
        let day = try Self.date(arguments, Self.day, length: 10)
        let month = try Self.date(arguments, CalendarOptions.month, length: 7)
        let from = try Self.date(arguments, Self.from, length: 10)
        let to = try Self.date(arguments, Self.to, length: 10)
        if [day != nil, month != nil, from != nil || to != nil].filter({ $0 }).count > 1 {
            throw UsageError("use one of --day, --month, or --from/--to")
        }
        query = PhotoQuery(day: day, month: month, from: from, to: to, camera: arguments.value(Self.camera))
    }

    /// A "YYYY-MM-DD" (length 10) or "YYYY-MM" (length 7) option, checked.
    static func date(_ arguments: ParsedArguments, _ option: OptionSpec, length: Int) throws(UsageError) -> String? {
        guard let text = arguments.value(option) else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let valid = text.count == length && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
            && (Int(parts.count > 1 ? parts[1] : "0") ?? 0).isBetween(1, 12)
            && (parts.count < 3 || (Int(parts[2]) ?? 0).isBetween(1, 31))
        guard valid else {
            throw UsageError("option '--\(option.name)' needs a date like \(length == 10 ? "2025-04-10" : "2025-04"), not '\(text)'")
        }
        return text
    }

    func run(_ io: CommandIO) -> ExitCode {
        var output = BatchedLines(io)
        defer { output.flush() }
        do {
            let catalog = try CatalogLocator.open(folder: folder, path: catalogPath, access: .read)
            // Positions in places the folder hides (`--hide-places-near`) are kept in the catalog, not shown.
            let places = try PlaceNamer.remembered(folder: folder, catalog: catalog)
            for found in try catalog.photos(matching: query) {
                var photo = found
                photo.gps = places.hidden.shown(photo.gps)
                if json {
                    output.print(PhotoJSON.record(photo, folder: folder, places: places).rendered)
                } else {
                    let taken = photo.takenTimeUnknown ? (photo.takenAt ?? "").prefix(10) + " time unknown"
                                                       : (photo.takenAt ?? "").replacingT()
                    var size = photo.size.map { "\($0)" } ?? ""
                    if let video = photo.video { size += " video \(video.durationText)" }
                    if photo.motionPhoto != nil { size += " motion" }
                    output.print([taken.padded(to: 23), displayPath(photo.path), size, photo.camera ?? ""]
                        .filter { !$0.isEmpty }.joined(separator: "  "))
                }
            }
            return .success
        } catch {
            output.flush()
            io.reportFailure(path: folder, CatalogAccess.explain(error, folder: folder, path: catalogPath))
            return .failure
        }
    }
}

extension Int {
    func isBetween(_ low: Int, _ high: Int) -> Bool { self >= low && self <= high }
}

extension String {
    func replacingT() -> String { String(map { $0 == "T" ? " " : $0 }) }
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
