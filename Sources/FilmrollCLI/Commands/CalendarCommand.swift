import Filmroll

/// `filmroll calendar FOLDER`: a month of photos as a grid.
struct CalendarCommand: Command {
    static let folder = ArgumentSpec(name: "FOLDER", help: "A catalogued photo folder.")
    static let month = CalendarOptions.month.defaulting(to: "that of the most recent photo")

    static let spec = CommandSpec(
        name: "calendar",
        abstract: "Show a month as a grid, each day with its number of photos.",
        arguments: [folder],
        options: [month, CalendarOptions.sunday, CatalogOptions.catalog, ReportOptions.json],
        synopsis: [[.argument(folder), .optional(month), .optional(CalendarOptions.sunday), .optional(ReportOptions.json)]],
        discussion: "A day shows as 10·3 when it has 3 photos, as 10 when it has none."
    )

    var folder: String
    var catalogPath: String?
    var month: String?
    var sundayFirst: Bool
    var json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("calendar takes one FOLDER") }
        folder = arguments.positionals[0]
        catalogPath = try CatalogOptions(arguments).path
        month = try ListCommand.date(arguments, CalendarOptions.month, length: 7)
        sundayFirst = arguments.has(CalendarOptions.sunday)
        json = try ReportOptions(arguments).json
    }

    func run(_ io: CommandIO) -> ExitCode {
        do {
            let catalog = try CatalogLocator.open(folder: folder, path: catalogPath, access: .read)
            let chosen: (year: Int, month: Int)
            if let month, let year = Int(month.prefix(4)), let number = Int(month.suffix(2)) {
                chosen = (year, number)
            } else if let latest = try catalog.latestMonth() {
                chosen = latest
            } else {
                io.printError("filmroll: \(displayPath(folder)): the catalog has no dated photos")
                return .failure
            }
            var calendar = try catalog.calendar(year: chosen.year, month: chosen.month)
            calendar.sundayFirst = sundayFirst
            if json {
                let days = (1...calendar.daysInMonth).map { day -> JSONValue in
                    let date = "\(chosen.year)-\(pad2(chosen.month))-\(pad2(day))"
                    return .object([("date", .string(date)), ("photos", .int(calendar.counts[day] ?? 0))])
                }
                io.print(JSONValue.object([("month", .string("\(chosen.year)-\(pad2(chosen.month))")),
                                           ("total", .int(calendar.total)), ("days", .array(days))]).rendered)
            } else {
                io.print(calendar.rendered)
            }
            return .success
        } catch {
            io.reportFailure(path: folder, CatalogAccess.explain(error, folder: folder, path: catalogPath))
            return .failure
        }
    }
}

func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
