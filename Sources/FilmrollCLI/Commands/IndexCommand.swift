import Filmroll

/// `filmroll index FOLDER`: brings the folder's catalog up to date.
struct IndexCommand: Command {
    static let folder = ArgumentSpec(name: "FOLDER", help: "The photo folder (searched recursively; .filmroll/ is skipped).")
    static let rebuild = OptionSpec.flag("rebuild", "Move the catalog aside (kept, never deleted) and build a new one from the photos, "
                                         + "carrying over the outputs and lineage that can still be read. For a damaged catalog.")

    static let spec = CommandSpec(
        name: "index",
        abstract: "Catalog every photo in a folder: dates, cameras, sizes, hashes.",
        arguments: [folder],
        options: [rebuild, CatalogOptions.catalog, JobsOptions.jobs, ReportOptions.json, ReportOptions.quiet],
        synopsis: [[.argument(folder), .optional(rebuild), .optional(CatalogOptions.catalog), .optional(JobsOptions.jobs),
                    .optional(ReportOptions.json), .optional(ReportOptions.quiet)]],
        discussion: """
        Reads headers and EXIF only, never pixels. A re-run reads only new and changed files;
        a photo moved or renamed inside the folder keeps its record (found by its content hash);
        a deleted one is marked missing until 'filmroll prune'.
        """
    )

    var folder: String
    var catalogPath: String?
    var rebuild: Bool
    var jobs: Int
    var json: Bool
    var quiet: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "missing FOLDER" : "index takes one FOLDER")
        }
        folder = arguments.positionals[0]
        catalogPath = try CatalogOptions(arguments).path
        rebuild = arguments.has(Self.rebuild)
        jobs = try JobsOptions(arguments).jobs
        let report = try ReportOptions(arguments)
        json = report.json
        quiet = report.quiet
    }

    func run(_ io: CommandIO) -> ExitCode {
        Interruption.install()
        let started = ContinuousClock.now
        let summary: IndexSummary
        var rebuilt: RebuildSummary?
        var bar: ProgressBar?
        let progress = { (done: Int, total: Int) in
            if bar == nil && total > 0 { bar = ProgressBar(io: io, total: total, label: "index", enabled: !quiet && !json) }
            bar?.set(done: done)
        }
        guard Folders.isFolder(folder) else {
            io.reportFailure(path: folder, FileBytes.exists(folder) ? "not a folder" : "no such folder")
            return .failure
        }
        do {
            if rebuild {
                let result = try Catalog.rebuild(folder: folder, path: catalogPath, jobs: jobs, progress: progress,
                                                 shouldStop: { Interruption.requested })
                summary = result.index
                rebuilt = result
            } else {
                let catalog = try CatalogLocator.open(folder: folder, path: catalogPath, access: .create)
                summary = try FolderIndexer(catalog: catalog, jobs: jobs).run(progress: progress,
                                                                               shouldStop: { Interruption.requested })
            }
            bar?.finish()
        } catch {
            bar?.finish()
            io.reportFailure(path: folder, CatalogAccess.explain(error, folder: folder, path: catalogPath))
            return .failure
        }
        for failure in summary.failures { io.reportFailure(path: failure.path, failure.reason) }
        for warning in summary.warnings { io.reportWarning(path: warning.path, warning.reason) }
        for refused in rebuilt?.outputsRefused ?? [] {
            io.printError("filmroll: index: output \(displayPath(refused.path)): \(displayPath(refused.reason.description)); "
                          + "left alone, not carried over")
        }
        let skipped = SkippedFiles(files: summary.skipped)
        let seconds = ContinuousClock.now - started
        let catalogFile = catalogPath ?? Catalog.defaultPath(for: folder)
        if json {
            var rebuildFields: [(String, JSONValue)] = []
            if let rebuilt {
                rebuildFields = [
                    ("movedAside", rebuilt.asidePath.map(JSONValue.string) ?? .null),
                    ("outputsCarried", .int(rebuilt.outputsCarried)), ("linksCarried", .int(rebuilt.linksCarried)),
                    ("outputsUnreadable", .int(rebuilt.outputsUnreadable)), ("outputsGone", .int(rebuilt.outputsGone)),
                    ("outputsLeftAlone", .int(rebuilt.outputsRefused.count)),
                ]
            }
            io.print(JSONValue.object([
                ("folder", .string(folder)), ("catalog", .string(catalogFile)),
                ("added", .int(summary.added)), ("changed", .int(summary.changed)), ("moved", .int(summary.moved)),
                ("missing", .int(summary.missing)), ("failed", .int(summary.failed)),
                ("unchanged", .int(summary.unchanged)), ("interrupted", .bool(summary.interrupted)),
                ("failures", .array(summary.failures.map {
                    .object([("path", .string($0.path)), ("error", .string($0.reason))])
                })),
                ("warnings", .array(summary.warnings.map {
                    .object([("path", .string($0.path)), ("warning", .string($0.reason))])
                })),
                ("skipped", .array(skipped.jsonObjects())),
            ] + rebuildFields).rendered)
        } else if !quiet {
            io.print("\(displayPath(folder)): \(summary.line) in \(fixed(seconds.seconds, 2)) s")
            if let rebuilt { io.print(Self.describe(rebuilt)) }
        }
        skipped.report(io)
        if summary.interrupted {
            io.printError("filmroll: interrupted; run the same command again to finish")
            return Interruption.exitCode
        }
        return summary.failed > 0 ? .failure : .success
    }
}

extension IndexCommand {
    /// "rebuilt: 7 outputs and 10 links carried over, …; the old catalog is kept as PATH".
    static func describe(_ rebuilt: RebuildSummary) -> String {
        var text = "rebuilt: \(rebuilt.outputsCarried) output\(rebuilt.outputsCarried == 1 ? "" : "s") and "
            + "\(rebuilt.linksCarried) link\(rebuilt.linksCarried == 1 ? "" : "s") to photos carried over"
        if rebuilt.outputsUnreadable > 0 { text += ", \(rebuilt.outputsUnreadable) unreadable" }
        if rebuilt.outputsGone > 0 { text += ", \(rebuilt.outputsGone) whose file is gone" }
        if !rebuilt.outputsRefused.isEmpty { text += ", \(rebuilt.outputsRefused.count) left alone" }
        if let problem = rebuilt.oldCatalogProblem { text += " (\(problem))" }
        if let aside = rebuilt.asidePath { text += "; the old catalog is kept as \(displayPath(aside))" }
        return text
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
