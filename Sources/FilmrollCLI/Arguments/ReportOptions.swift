/// `--json` and `-q, --quiet`: how a command reports what it did. Commands
/// that show no progress take `--json` alone (`jsonSpecs`).
struct ReportOptions: OptionGroup {
    static let json = OptionSpec.flag("json", "Print the results as JSON for scripts, one object per line.")
    static let quiet = OptionSpec.flag("quiet", short: "q", "No progress bar and no summary; failures are still reported.")
    static let specs = [json, quiet]
    /// `--json` alone, for the commands that show no progress.
    static let jsonSpecs = [json]

    /// `--json`
    var json: Bool
    /// `--quiet`
    var quiet: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        json = arguments.has(Self.json)
        quiet = arguments.has(Self.quiet)
    }

    /// Whether a progress bar is shown: not with `--json` or `--quiet`.
    var showsProgress: Bool { !json && !quiet }
}
