import Filmroll

/// The option groups every command that makes outputs from photos takes
/// (thumbs, fourcut, gif, video, process): `--force`, the catalog, the
/// decode limits and the report, each declared once in its group.
struct MakingOptions: OptionGroup {
    static let specs = ForceOption.specs + CatalogOptions.specs + ReportOptions.specs + LimitOptions.specs

    var catalog: CatalogOptions
    var replacing: ForceOption
    var decoding: LimitOptions
    var report: ReportOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        replacing = try ForceOption(arguments)
        catalog = try CatalogOptions(arguments)
        decoding = try LimitOptions(arguments)
        report = try ReportOptions(arguments)
    }

    /// `--catalog PATH`
    var catalogPath: String? { catalog.path }
    /// false with `--no-catalog`
    var useCatalog: Bool { catalog.isUsed }
    /// `--force`
    var force: Bool { replacing.force }
    var limits: DecodeLimits { decoding.limits }
    /// `--memory`, in bytes (1 GB without it).
    var memoryBytes: Int { decoding.memoryBytes }
    /// `--json`
    var json: Bool { report.json }
    /// `--quiet`
    var quiet: Bool { report.quiet }

    /// The run's memory budget (see `MemoryBudget`).
    func memory() -> MemoryBudget {
        decoding.memory()
    }
}
