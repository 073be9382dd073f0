/// A subcommand: parse, then validate (in `init`), then run.
protocol Command: Sendable {
    static var spec: CommandSpec { get }

    /// Validates the parsed line; throws a `UsageError` for anything wrong.
    init(_ arguments: ParsedArguments) throws(UsageError)

    /// Does the work; reports per-file failures on standard error.
    func run(_ io: CommandIO) -> ExitCode
}

extension CommandIO {
    /// "filmroll: PATH: reason" on standard error.
    func reportFailure(path: String, _ reason: String) {
        printError("filmroll: \(displayPath(path)): \(reason)")
    }
}
