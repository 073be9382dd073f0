/// Everything a command line parser, `--help`, the man page and the shell
/// completions need to know about one command: its name, what it does, its
/// positional arguments, its options and its synopsis. The usage line and
/// the help are written from it, never typed by hand.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var arguments: [ArgumentSpec]
    var options: [OptionSpec]
    /// The usage line's forms, each a list of terms (fourcut has two). An
    /// option not named in any form is summed up as "[options]".
    var synopsis: [[UsageTerm]]
    var discussion: String?
    /// Other names the command answers to ("animate" for "gif").
    var aliases: [String] = []

    /// The name and the aliases.
    var names: [String] { [name] + aliases }

    /// The synopsis after the command name: "PATH... [--json] [options]".
    var usage: String {
        let named = Set(synopsis.flatMap { $0.flatMap(\.optionNames) })
        let rest = options.contains { !named.contains($0.name) } ? " [options]" : ""
        return synopsis.map { $0.map(\.text).joined(separator: " ") + rest }.joined(separator: "  |  ")
    }

    /// The one-line usage: "filmroll info PATH... [--json] [options]".
    var usageLine: String { "filmroll \(name) \(usage)" }

    /// The text `--help` prints.
    var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usageLine)"]
        if !aliases.isEmpty { lines += ["", "ALIASES: " + aliases.map { "filmroll \($0)" }.joined(separator: ", ")] }
        if !arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += arguments.map { row($0.name, $0.help) }
        }
        lines += ["", "OPTIONS:"]
        lines += options.map { row($0.synopsis, $0.fullHelp) }
        lines.append(row("-h, --help", "Show help information."))
        if let discussion { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }

    /// The option called `name` on the command line (a former or deprecated
    /// spelling, or the one-letter alias, finds it too).
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.formerNames.contains(name) || $0.deprecatedNames.contains(name)
            || $0.short.map { String($0) } == name }
    }

    private func row(_ left: String, _ right: String) -> String {
        let padded = left.count < 24 ? left + String(repeating: " ", count: 24 - left.count) : left + "  "
        return "  " + padded + right
    }
}

struct ArgumentSpec: Sendable {
    var name: String
    var help: String
}

/// One term of a usage line.
enum UsageTerm: Sendable {
    /// A positional argument: "INPUT...".
    case argument(ArgumentSpec)
    /// An option the form needs: "-o OUT.gif".
    case required(OptionSpec)
    /// An optional option: "[--size N]".
    case optional(OptionSpec)
    /// At most one of these: "[--fps F | --delay MS | --delays MS,MS,…]".
    case oneOf([OptionSpec])

    var text: String {
        switch self {
        case .argument(let argument): argument.name
        case .required(let option): option.usageText(short: true)
        case .optional(let option): "[" + option.usageText() + "]"
        case .oneOf(let options): "[" + options.map { $0.usageText() }.joined(separator: " | ") + "]"
        }
    }

    var optionNames: [String] {
        switch self {
        case .argument: []
        case .required(let option), .optional(let option): [option.name]
        case .oneOf(let options): options.map(\.name)
        }
    }
}
