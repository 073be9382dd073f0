import Filmroll

/// A subcommand: parse, then validate (in `init`), then run.
protocol Command: Sendable {
    static var spec: CommandSpec { get }

    /// Validates the parsed line; throws a `UsageError` for anything wrong.
    init(_ arguments: ParsedArguments) throws(UsageError)

    /// Does the work; reports per-file failures on standard error.
    func run(_ io: CommandIO) -> ExitCode

    /// Old spellings of values the command understood, each with its new
    /// one, for standard error before the run.
    var deprecations: [String] { get }
}

extension Command {
    var deprecations: [String] { [] }
}

extension CommandIO {
    /// "filmroll: PATH: reason" on standard error.
    func reportFailure(path: String, _ reason: String) {
        printError("filmroll: \(displayPath(path)): \(reason)")
    }

    /// "filmroll: PATH: warning: text" on standard error, for damage a
    /// decode went past (the file still counts as done).
    func reportWarning(path: String, _ warning: String) {
        writeError((errorIsTerminal ? "\r\u{1B}[K" : "") + "filmroll: \(displayPath(path)): warning: \(warning)\n")
    }
}

extension ImagePipeline.Configuration {
    /// This configuration, its decode warnings printed on `io`.
    func reportingWarnings(to io: CommandIO) -> Self {
        var configuration = self
        configuration.onWarning = { path, warning in io.reportWarning(path: path, warning) }
        return configuration
    }
}
