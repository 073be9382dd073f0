/// Options several commands share, declared once, as swift-argument-parser's
/// option groups are: the group's specs carry the one help text each option
/// has, and the group's `init` is the one parse and validation of them, so a
/// flag means the same, and fails the same, in every command that takes it.
/// A command lists the group's specs with its own and parses the group in
/// its `init`.
protocol OptionGroup: Sendable {
    /// Every option of the group.
    static var specs: [OptionSpec] { get }

    /// Reads the group's options from a parsed line (an option the command
    /// does not list is never there, and takes its default).
    init(_ arguments: ParsedArguments) throws(UsageError)
}

/// Every option a group declares, as it declares it: what the organisation
/// test holds each command to, and what the man page lists once.
enum SharedOptions {
    static let all: [OptionSpec] = [OutputOptions.spec("PATH")] + JobsOptions.specs + CatalogOptions.specs + ReportOptions.specs
        + ForceOption.specs + LimitOptions.specs + FrameTimingOptions.specs + ShardOptions.specs
}
