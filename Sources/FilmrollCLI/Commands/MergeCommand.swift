import Filmroll

/// `filmroll merge FOLDER`: after the shards of `process --shard K/N`, folds
/// their catalogs into the folder's and writes what spans days (the index,
/// year and month pages, "On this day", the library's map): `process --merge`,
/// with the same options, which finds the shards' outputs and pages made.
struct MergeCommand: Command {
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Fold the shards' catalogs into the folder's, then write the gallery pages that span days.",
        usage: "FOLDER [--out DIR] [--title TEXT] [--locale en|ko] [--sunday] [--animation gif|webp|mp4] [--originals link|copy|none] [--preview-size PX] [--xdg] [--force] [--catalog PATH] [--jobs N] [--json] [--quiet]",
        arguments: [ArgumentSpec(name: "FOLDER", help: "The photo folder the shards worked on.")],
        options: ProcessCommand.spec.options.filter { !["shard", "merge", "no-catalog"].contains($0.name) },
        discussion: """
        Run it once every shard ('filmroll process FOLDER --shard K/N', or --shard auto in a Slurm job array or a
        Kubernetes Indexed Job) has finished, with the options the shards had. Each shard catalog beside the
        folder's (.filmroll/catalog.shard-K-of-N.sqlite) is folded into it (photos and outputs by path) and
        deleted; Live Photos and bursts are paired across shards; then the run goes on as 'filmroll process':
        the shards' thumbnails, sheets, animations, day and photo pages are found made (by their recorded keys),
        and what spans days is written: the index, year and month pages, On this day, the library's map and the
        problems page, with whatever a shard could not know (a page beside a day whose photo failed in another
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
