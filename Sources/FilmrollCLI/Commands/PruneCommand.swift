import Filmroll

/// `filmroll prune FOLDER`: forgets deleted photos and deletes what was made from them.
struct PruneCommand: Command {
    static let folder = ArgumentSpec(name: "FOLDER", help: "A catalogued photo folder.")
    static let dryRun = OptionSpec.flag("dry-run", short: "n", "Only list what would be removed.")

    static let spec = CommandSpec(
        name: "prune",
        abstract: "Remove missing photos from the catalog, with the outputs made from them.",
        arguments: [folder],
        options: [CatalogOptions.catalog, dryRun, ReportOptions.json],
        synopsis: [[.argument(folder), .optional(CatalogOptions.catalog), .optional(dryRun), .optional(ReportOptions.json)]],
        discussion: "Only files Filmroll recorded as its outputs are deleted, never a photo, and only inside a folder "
            + "whose .filmroll-owner marker names this catalog (the folder's .filmroll, its --out folders), "
            + "reached without following a symbolic link, and still carrying Filmroll's mark; any other is named "
            + "and left alone (exit status 1), its record forgotten. --dry-run lists every file it would delete. "
            + "Run 'filmroll index' first."
    )

    var folder: String
    var catalogPath: String?
    var dryRun: Bool
    var json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("prune takes one FOLDER") }
        folder = arguments.positionals[0]
        catalogPath = try CatalogOptions(arguments).path
        dryRun = arguments.has(Self.dryRun)
        json = try ReportOptions(arguments).json
    }

    func run(_ io: CommandIO) -> ExitCode {
        Interruption.install()
        let status = prune(io)
        return Interruption.requested ? Interruption.exitCode : status
    }

    /// The pruning itself (or its listing, with --dry-run).
    private func prune(_ io: CommandIO) -> ExitCode {
        do {
            let catalog = try CatalogLocator.open(folder: folder, path: catalogPath, access: dryRun ? .read : .write)
            if dryRun {
                let missing = try catalog.missingPhotos()
                var outputs = 0
                var deleting: [String] = []
                var leftAlone = 0
                for photo in missing {
                    let made = try catalog.outputs(ofPhoto: photo.id)
                    outputs += made.count
                    if !json {
                        io.print("would remove \(displayPath(photo.path))" + (made.isEmpty ? "" : " and \(made.count) output\(made.count == 1 ? "" : "s")"))
                    }
                    for output in made {
                        switch catalog.checkOutputFile(output) {
                        case .present:
                            deleting.append(output.path)
                            if !json { io.print("  would delete \(displayPath(output.path))") }
                        case .refused(let reason):
                            leftAlone += 1
                            io.printError("filmroll: prune: output \(displayPath(output.path)): \(displayPath(reason.description)); would be left alone")
                        default: break
                        }
                    }
                }
                if json {
                    io.print(JSONValue.object([("photos", .int(missing.count)), ("outputs", .int(outputs)),
                                               ("wouldDelete", .array(deleting.map { .string($0) })),
                                               ("filesLeftAlone", .int(leftAlone)), ("dryRun", .bool(true))]).rendered)
                }
                return leftAlone == 0 ? .success : .failure
            }
            let result = try catalog.pruneMissing()
            for refused in result.refused {
                io.printError("filmroll: prune: output \(displayPath(refused.path)): \(displayPath(refused.reason.description)); left alone")
            }
            for failure in result.failures { io.printError("filmroll: \(failure)") }
            if json {
                io.print(JSONValue.object([("photos", .int(result.photos)), ("outputs", .int(result.outputs)),
                                           ("filesDeleted", .int(result.filesDeleted)), ("filesLeftAlone", .int(result.refused.count)),
                                           ("dryRun", .bool(false))]).rendered)
            } else {
                io.print("\(displayPath(folder)): removed \(result.photos) missing photo\(result.photos == 1 ? "" : "s") "
                         + "and \(result.outputs) output\(result.outputs == 1 ? "" : "s") (\(result.filesDeleted) files deleted)")
            }
            return result.failures.isEmpty && result.refused.isEmpty ? .success : .failure
        } catch {
            io.reportFailure(path: folder, CatalogAccess.explain(error, folder: folder, path: catalogPath))
            return .failure
        }
    }
}
