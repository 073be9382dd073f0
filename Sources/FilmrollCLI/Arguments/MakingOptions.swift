import Filmroll

/// The options every command that makes outputs from photos shares (thumbs,
/// fourcut, gif): lineage, replacing, limits and reporting, declared and
/// parsed once, as swift-argument-parser's option groups are.
struct MakingOptions: Sendable {
    /// `--catalog PATH`
    var catalogPath: String?
    /// false with `--no-catalog`
    var useCatalog: Bool
    /// `--force`
    var force: Bool
    var limits: DecodeLimits
    /// `--memory`, in bytes (1 GB without it).
    var memoryBytes: Int
    /// `--json`
    var json: Bool
    /// `--quiet`
    var quiet: Bool

    /// The options' specs; `json` says what `--json` prints for this command.
    static func specs(json: String) -> [OptionSpec] {
        [OutputGuard.forceOption, CatalogAccess.option, CatalogAccess.noCatalogOption, .flag("json", json),
         .flag("quiet", short: "q", "No progress and no summary.")] + LimitOptions.specs
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        catalogPath = arguments.value("catalog")
        useCatalog = !arguments.has("no-catalog")
        if catalogPath != nil && !useCatalog { throw UsageError("use --catalog or --no-catalog, not both") }
        force = arguments.has("force")
        limits = try LimitOptions.parse(arguments)
        memoryBytes = try LimitOptions.memoryBytes(arguments)
        json = arguments.has("json")
        quiet = arguments.has("quiet")
    }

    /// The run's memory budget (see `MemoryBudget`).
    func memory() -> MemoryBudget {
        MemoryBudget(bytes: memoryBytes)
    }
}
