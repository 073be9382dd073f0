import Filmroll

/// `filmroll similar FOLDER`: copies, bursts and similar photos, found by
/// their fingerprints; never moves, changes or deletes a photo.
struct SimilarCommand: Command {
    static let folder = ArgumentSpec(name: "FOLDER", help: "The photo folder (indexed first, as 'filmroll index').")

    static let spec = CommandSpec(
        name: "similar",
        abstract: "Group copies of one picture, bursts and similar photos, each with its best photo.",
        arguments: [folder],
        options: [CatalogOptions.catalog, JobsOptions.jobs, ReportOptions.json, ReportOptions.quiet],
        synopsis: [[.argument(folder), .optional(CatalogOptions.catalog), .optional(JobsOptions.jobs),
                    .optional(ReportOptions.json), .optional(ReportOptions.quiet)]],
        discussion: """
        Indexes the folder, fingerprints the photos that have no fingerprint yet ('filmroll process' makes
        them as it decodes; here each photo is decoded small), and groups them:
          copy     the same picture saved again (re-encoded, resized, another format); best: the original
                   (the most pixels, then a capture time in the file, then the earliest file)
          burst    one camera's frames at most 2 s apart, of close content; best: the sharpest and
                   best exposed, measured on the small image (variance of the Laplacian; clipping)
          similar  the same scene at most 2 minutes apart; best as for bursts
        distance: the most bits by which two photos' DCT hashes differ in the group (of 64).
        Only reads the photos: nothing is moved, changed or deleted. Exit status 1 when a photo
        could not be read (named on stderr); the others are grouped.
        """
    )

    var folder: String
    var catalogPath: String?
    var jobs: Int
    var json: Bool
    var quiet: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "missing FOLDER" : "similar takes one FOLDER")
        }
        folder = arguments.positionals[0]
        catalogPath = try CatalogOptions(arguments).path
        jobs = try JobsOptions(arguments).jobs
        let report = try ReportOptions(arguments)
        json = report.json
        quiet = report.quiet
    }

    func run(_ io: CommandIO) -> ExitCode {
        Interruption.install()
        guard Folders.isFolder(folder) else {
            io.reportFailure(path: folder, FileBytes.exists(folder) ? "not a folder" : "no such folder")
            return .failure
        }
        let showsProgress = !quiet && !json
        let indexed: IndexSummary
        let filled: FingerprintFill.Summary
        let groups: [SimilarGroup]
        let compared: Int
        do {
            let catalog = try CatalogLocator.open(folder: folder, path: catalogPath, access: .create)
            var bar: ProgressBar?
            indexed = try FolderIndexer(catalog: catalog, jobs: jobs).run(progress: { done, total in
                if bar == nil && total > 0 { bar = ProgressBar(io: io, total: total, label: "index", enabled: showsProgress) }
                bar?.set(done: done)
            }, shouldStop: { Interruption.requested })
            bar?.finish()
            let cancellation = CancellationToken()
            Interruption.cancelOnSignal(cancellation)
            let fingerprintBar = Locked<ProgressBar?>(nil)
            filled = try FingerprintFill(pipeline: ImagePipeline(configuration: ImagePipeline.Configuration().reportingWarnings(to: io)),
                                         jobs: jobs)
                .run(catalog: catalog, cancellation: cancellation) { done, total in
                    fingerprintBar.withLock { bar in
                        if bar == nil { bar = ProgressBar(io: io, total: total, label: "fingerprints", enabled: showsProgress) }
                        bar?.set(done: done)
                    }
                }
            fingerprintBar.withLock { $0?.finish() }
            let photos = try catalog.fingerprintedPhotos(recipe: PhotoFingerprint.recipe)
            compared = photos.count
            groups = SimilarPhotos().groups(photos)
        } catch {
            io.reportFailure(path: folder, CatalogAccess.explain(error, folder: folder, path: catalogPath))
            return .failure
        }
        for failure in indexed.failures { io.reportFailure(path: failure.path, failure.reason) }
        for failure in filled.failures { io.reportFailure(path: failure.path, failure.reason) }
        if json {
            io.print(JSONValue.object([
                ("groups", .array(groups.map { group in
                    .object([("kind", .string(group.kind.rawValue)), ("photos", .array(group.photos.map { .string($0.path) })),
                             ("best", .string(group.best.path)), ("distance", .int(group.distance))])
                })),
                ("compared", .int(compared)), ("fingerprinted", .int(filled.fingerprinted)),
                ("failed", .int(indexed.failed + filled.failures.count)),
            ]).rendered)
        } else {
            for group in groups {
                io.print("\(group.kind.rawValue): \(group.photos.count) photos, distance \(group.distance)")
                for photo in group.photos { io.print((photo.path == group.best.path ? "  * " : "    ") + displayPath(photo.path)) }
            }
            if !quiet {
                let counts = SimilarGroup.Kind.allCases.map { kind in
                    ProcessDisplay.counted(groups.filter { $0.kind == kind }.count, kind == .similar ? "similar group" : kind.rawValue + " group")
                }
                io.print("\(ProcessDisplay.counted(compared, "photo")) compared: " + counts.joined(separator: ", ")
                         + " (* the best of each)")
            }
        }
        if filled.cancelled || indexed.interrupted {
            io.printError("filmroll: interrupted; run the same command again to finish")
            return Interruption.exitCode
        }
        return indexed.failed + filled.failures.count > 0 ? .failure : .success
    }
}
