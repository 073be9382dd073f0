/// `--force`: what every command that writes outputs means by it (see
/// `OutputGuard`): a file in the way that Filmroll did not make is replaced
/// instead of refused; an input never is.
struct ForceOption: OptionGroup {
    static let force = OptionSpec.flag("force", "Replace an existing file that Filmroll did not make (never an input).")
    static let specs = [force]

    var force: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        force = arguments.has(Self.force)
    }
}
