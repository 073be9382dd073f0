import Filmroll

/// `filmroll merge FOLDER`: after the shards of `process --shard K/N`, folds
/// their catalogs into the folder's and writes what spans days (the index,
/// year and month pages, "On this day", the library's map, the Undated page): `process --merge`,
/// with the same options, which finds the shards' outputs and pages made.
struct MergeCommand: Command {
    static let folder = ArgumentSpec(name: "FOLDER", help: "The photo folder the shards worked on.")

    static let spec = CommandSpec(
        name: "merge",
        abstract: "Fold the shards' catalogs into the folder's, then write the gallery pages that span days.",
        arguments: [folder],
        options: ProcessCommand.spec.options.filter { ![ShardOptions.shard, ProcessCommand.merge, CatalogOptions.noCatalog].contains($0) },
        synopsis: [[.argument(folder), .optional(ProcessCommand.output), .optional(ProcessCommand.title), .optional(CalendarOptions.locale),
                    .optional(CalendarOptions.sunday), .optional(ProcessCommand.animation), .optional(ProcessCommand.originals),
                    .optional(ProcessCommand.previewSize), .optional(CalendarOptions.xdg), .optional(PlaceOptions.basemap),
                    .optional(PlaceOptions.hidePlacesNear), .optional(ForceOption.force),
                    .optional(CatalogOptions.catalog), .optional(JobsOptions.jobs), .optional(ReportOptions.json), .optional(ReportOptions.quiet)]],
        discussion: """
        Run it once every shard ('filmroll process FOLDER --shard K/N', or --shard auto in a Slurm job array or a
        Kubernetes Indexed Job) has finished, with the options the shards had. Each shard catalog beside the
        folder's (.filmroll/catalog.shard-K-of-N.sqlite) is folded into it (photos and outputs by path) and
        deleted; Live Photos and bursts are paired across shards; then the run goes on as 'filmroll process':
        the shards' thumbnails, sheets, animations, day and photo pages are found made (by their recorded keys),
        and what spans days is written: the index, year and month pages, On this day, the library's map, the
        problems page and the Undated page with its photos' pages, with whatever a shard could not know (a page beside a day whose photo failed in another
        shard). The same as one 'process' run, byte for byte.
        """
    )

    var process: ProcessCommand

    init(_ arguments: ParsedArguments) throws(UsageError) {
        process = try ProcessCommand(arguments)
        process.merges = true
    }

    func run(_ io: CommandIO) -> ExitCode { process.run(io) }
}
