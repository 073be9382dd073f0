import Filmroll

/// `filmroll merge FOLDER`: after the shards of `process --shard K/N`, folds
/// their catalogs into the folder's and makes what spans them (the day
/// sheets, animations and gallery): `process --merge`, with the same options.
struct MergeCommand: Command {
    static let folder = ArgumentSpec(name: "FOLDER", help: "The photo folder the shards worked on.")

    static let spec = CommandSpec(
        name: "merge",
        abstract: "Fold the shards' catalogs into the folder's, then make the day sheets, animations and gallery.",
        arguments: [folder],
        options: ProcessCommand.spec.options.filter { ![ShardOptions.shard, ProcessCommand.merge, CatalogOptions.noCatalog].contains($0) },
        synopsis: [[.argument(folder), .optional(ProcessCommand.output), .optional(ProcessCommand.title), .optional(CalendarOptions.locale),
                    .optional(CalendarOptions.sunday), .optional(ProcessCommand.animation), .optional(ProcessCommand.originals),
                    .optional(ProcessCommand.previewSize), .optional(CalendarOptions.xdg), .optional(ForceOption.force),
                    .optional(CatalogOptions.catalog), .optional(JobsOptions.jobs), .optional(ReportOptions.json), .optional(ReportOptions.quiet)]],
        discussion: """
        Run it once every shard ('filmroll process FOLDER --shard K/N', or --shard auto in a Slurm job array or a
        Kubernetes Indexed Job) has finished, with the options the shards had. Each shard catalog beside the
        folder's (.filmroll/catalog.shard-K-of-N.sqlite) is folded into it (photos and outputs by path) and
        deleted; Live Photos and bursts are paired across shards; then the run goes on as 'filmroll process':
        the shards' thumbnails are found made, and the day sheets, animations, clips of pairs that spanned shards
        and the gallery are made. The same as one 'process' run, byte for byte.
        """
    )

    var process: ProcessCommand

    init(_ arguments: ParsedArguments) throws(UsageError) {
        process = try ProcessCommand(arguments)
        process.merges = true
    }

    func run(_ io: CommandIO) -> ExitCode { process.run(io) }
}
