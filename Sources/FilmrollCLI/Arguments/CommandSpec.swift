/// Everything a command line parser and `--help` need to know about one
/// command: its name, what it does, its positional arguments and options.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    /// The synopsis after the command name, e.g. "PATH... [--json]".
    var usage: String
    var arguments: [ArgumentSpec]
    var options: [OptionSpec]
    var discussion: String?
    /// Other names the command answers to ("animate" for "gif").
    var aliases: [String] = []

    /// The name and the aliases.
    var names: [String] { [name] + aliases }

    /// The one-line usage: "filmroll info PATH... [--json]".
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
        lines += options.map { row($0.synopsis, $0.help) }
        lines.append(row("-h, --help", "Show help information."))
        if let discussion { lines += ["", discussion] }
        return lines.joined(separator: "\n")
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

struct OptionSpec: Sendable {
    /// Long name without dashes: "max-size".
    var name: String
    /// One-letter alias without the dash: "o".
    var short: Character?
    /// Placeholder for the value ("N"), or nil for a flag.
    var valueName: String?
    var help: String
    /// Names the option had before, still accepted but not shown
    /// (`--output`, now `--out`).
    var formerNames: [String] = []

    static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    static func value(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }

    /// The values of a choice, read off the placeholder ("jpeg|png" gives
    /// jpeg and png); empty for a placeholder that names ("N", "NAME|PATH").
    var choices: [String] {
        guard let valueName, valueName.contains("|") else { return [] }
        let parts = valueName.split(separator: "|").map(String.init)
        return parts.allSatisfy { $0 == $0.lowercased() } ? parts : []
    }

    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if let valueName { text += " <\(valueName)>" }
        return text
    }
}
