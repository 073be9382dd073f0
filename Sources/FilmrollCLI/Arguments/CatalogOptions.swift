/// `--catalog PATH` and `--no-catalog`: which catalog a command reads and
/// records in. Commands that make outputs take both (a catalog records the
/// outputs when there is one); commands that read or build the catalog take
/// `--catalog` alone (`pathSpecs`), since they cannot go without one.
struct CatalogOptions: OptionGroup {
    static let catalog = OptionSpec.value("catalog", "PATH", "The catalog file (default FOLDER/.filmroll/catalog.sqlite).")
    static let noCatalog = OptionSpec.flag("no-catalog", "Neither read nor record the folder's catalog.")
    static let specs = [catalog, noCatalog]
    /// `--catalog` alone, for the commands whose work is the catalog.
    static let pathSpecs = [catalog]

    /// `--catalog PATH`
    var path: String?
    /// false with `--no-catalog`
    var isUsed: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.value(Self.catalog)
        isUsed = !arguments.has(Self.noCatalog)
        if path != nil && !isUsed { throw UsageError("use --catalog or --no-catalog, not both") }
    }
}
