import Catalog
import Imaging

/// `filmroll index FOLDER`: brings the folder's catalog up to date.
struct IndexCommand: Command {
    static let spec = CommandSpec(
        name: "index",
        abstract: "Catalog every photo in a folder: dates, cameras, sizes, hashes.",
        usage: "FOLDER [--catalog PATH] [--jobs N] [--json] [--quiet]",
        arguments: [ArgumentSpec(name: "FOLDER", help: "The photo folder (searched recursively; .filmroll/ is skipped).")],
        options: [
            CatalogAccess.option,
            .value("jobs", short: "j", "N", "Files read at once (default: the number of cores)."),
            .flag("json", "Print the summary as one JSON object."),
            .flag("quiet", short: "q", "No progress bar and no summary."),
        ],
        discussion: """
        Reads headers and EXIF only, never pixels. A re-run reads only new and changed files;
        a photo moved or renamed inside the folder keeps its record (found by its content hash);
        a deleted one is marked missing until 'filmroll prune'.
        """
    )

    var folder: String
    var catalogPath: String?
    var jobs: Int
    var json: Bool
    var quiet: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "missing FOLDER" : "index takes one FOLDER")
        }
        folder = arguments.positionals[0]
        catalogPath = arguments.value("catalog")
        jobs = try arguments.integer("jobs", in: 1...256, default: processorCount)!
        json = arguments.has("json")
        quiet = arguments.has("quiet")
    }

    func run(_ io: CommandIO) -> ExitCode {
        Interruption.install()
        let started = ContinuousClock.now
        let summary: IndexSummary
        let catalog: Catalog
        do {
            catalog = try CatalogAccess.open(folder: folder, path: catalogPath, create: true)
            var bar: ProgressBar?
            summary = try FolderIndexer(catalog: catalog, jobs: jobs).run(progress: { done, total in
                if bar == nil && total > 0 { bar = ProgressBar(io: io, total: total, label: "index", enabled: !quiet && !json) }
                bar?.set(done: done)
            }, shouldStop: { Interruption.requested })
            bar?.finish()
        } catch {
            io.reportFailure(path: folder, String(describing: error))
            return .failure
        }
        for failure in summary.failures { io.reportFailure(path: failure.path, failure.reason) }
        let seconds = ContinuousClock.now - started
        if json {
            io.print(JSONValue.object([
                ("folder", .string(folder)), ("catalog", .string(catalog.path)),
                ("added", .int(summary.added)), ("changed", .int(summary.changed)), ("moved", .int(summary.moved)),
                ("missing", .int(summary.missing)), ("failed", .int(summary.failed)),
                ("unchanged", .int(summary.unchanged)), ("interrupted", .bool(summary.interrupted)),
                ("failures", .array(summary.failures.map {
                    .object([("path", .string($0.path)), ("error", .string($0.reason))])
                })),
            ]).rendered)
        } else if !quiet {
            io.print("\(displayPath(folder)): \(summary.line) in \(fixed(seconds.seconds, 2)) s")
        }
        if summary.interrupted {
            io.printError("filmroll: interrupted; run the same command again to finish")
            return Interruption.exitCode
        }
        return summary.failed > 0 ? .failure : .success
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
