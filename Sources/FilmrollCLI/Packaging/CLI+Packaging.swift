import Filmroll

/// The options that are not commands: `--version`, and the hidden
/// generators `make install` uses for the man page and completions.
extension CLI {
    /// `filmroll --version [--json]`.
    static func printVersion(_ options: [String], io: CommandIO) -> ExitCode {
        guard options.allSatisfy({ $0 == "--json" }) else {
            return usageError("--version takes only --json", io: io)
        }
        let report = VersionReport(version: version, libraries: LibraryVersion.all)
        io.print(options.isEmpty ? report.line : report.json.rendered)
        return .success
    }

    /// `filmroll --generate-manpage`: the roff of filmroll.1 on standard output.
    static func printManPage(_ options: [String], io: CommandIO) -> ExitCode {
        guard options.isEmpty else { return usageError("--generate-manpage takes no arguments", io: io) }
        io.writeOutput(ManPage(commands: commands.map { $0.spec }, version: version).text)
        return .success
    }

    /// `filmroll --generate-completion bash|zsh`: the shell's completion script.
    static func printCompletion(_ options: [String], io: CommandIO) -> ExitCode {
        let specs = commands.map { $0.spec }
        switch options {
        case ["bash"]: io.writeOutput(BashCompletion(commands: specs).text)
        case ["zsh"]: io.writeOutput(ZshCompletion(commands: specs).text)
        default: return usageError("--generate-completion takes bash or zsh", io: io)
        }
        return .success
    }

    private static func usageError(_ message: String, io: CommandIO) -> ExitCode {
        io.printError("filmroll: \(message)")
        io.printError("See 'filmroll --help'.")
        return .usage
    }
}
