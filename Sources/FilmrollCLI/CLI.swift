import Filmroll

/// Filmroll's command line as a library function, so tests run commands
/// in-process and compare output and exit codes.
public enum CLI {
    public static let version = Filmroll.version

    static let commands: [any Command.Type] = [
        InfoCommand.self, ConvertCommand.self, ThumbsCommand.self, ProcessCommand.self, MergeCommand.self, IndexCommand.self,
        PruneCommand.self,
        ShowCommand.self, ListCommand.self, CalendarCommand.self, StatsCommand.self, FourcutCommand.self,
        AnimationCommand.self,
        VideoCommand.self, SimilarCommand.self,
    ]

    /// Runs `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], io: CommandIO = .standard) -> ExitCode {
        guard let first = arguments.first else {
            io.writeError(overview + "\n")
            return .usage
        }
        switch first {
        case "-h", "--help", "help":
            if arguments.count > 1, let command = command(named: arguments[1]) {
                io.print(command.spec.help)
            } else {
                io.print(overview)
            }
            return .success
        case "--version", "version":
            return printVersion(Array(arguments.dropFirst()), io: io)
        case "--generate-manpage":
            return printManPage(Array(arguments.dropFirst()), io: io)
        case "--generate-completion":
            return printCompletion(Array(arguments.dropFirst()), io: io)
        default:
            break
        }
        guard let command = command(named: first) else {
            var message = "filmroll: unknown command '\(first)'"
            if let suggestion = closestMatch(to: first, among: commands.map { $0.spec.name }) {
                message += " (did you mean '\(suggestion)'?)"
            }
            io.printError(message)
            io.printError("See 'filmroll --help'.")
            return .usage
        }
        return run(command, Array(arguments.dropFirst()), io: io)
    }

    /// The command called `name`, or that has it as an alias.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.names.contains(name) }
    }

    private static func run(_ command: any Command.Type, _ arguments: [String], io: CommandIO) -> ExitCode {
        let spec = command.spec
        do throws(UsageError) {
            let parsed = try ParsedArguments(arguments, spec: spec)
            if parsed.wantsHelp {
                io.print(spec.help)
                return .success
            }
            let made = try command.init(parsed)
            for line in parsed.deprecations + made.deprecations { io.printError("filmroll \(spec.name): deprecated: \(line)") }
            return made.run(io)
        } catch {
            io.printError("filmroll \(spec.name): \(error.message)")
            io.printError("Usage: \(spec.usageLine)")
            io.printError("See 'filmroll \(spec.name) --help'.")
            return .usage
        }
    }

    static var overview: String {
        var lines = [
            "OVERVIEW: Thumbnails, four-cut strips, animations and videos from folders of photos.",
            "",
            "USAGE: filmroll <command> [options]",
            "",
            "COMMANDS:",
        ]
        for command in commands {
            let name = command.spec.name
            let aliases = command.spec.aliases.isEmpty ? "" : " (Also: " + command.spec.aliases.joined(separator: ", ") + ".)"
            lines.append("  " + name + String(repeating: " ", count: max(2, 12 - name.count)) + command.spec.abstract + aliases)
        }
        lines += ["", "  filmroll <command> --help    Show a command's options.",
                  "  filmroll --version          Show the version and the libraries' versions."]
        return lines.joined(separator: "\n")
    }
}
