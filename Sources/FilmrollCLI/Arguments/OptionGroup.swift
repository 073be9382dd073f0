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

/// The options more than one command takes, each as it means everywhere
/// (without a command's own default): what the man page lists once. Merge
/// is not counted: it is process's second half, with process's options.
enum SharedOptions {
    static var all: [OptionSpec] {
        let specs = CLI.commands.map { $0.spec }.filter { $0.name != MergeCommand.spec.name }
        var takers: [String: Int] = [:]
        var meanings: [OptionSpec] = []
        for option in specs.flatMap(\.options) {
            if takers[option.name] == nil { meanings.append(option.name == "out" ? OutputOptions.spec("PATH") : option.meaning) }
            takers[option.name, default: 0] += 1
        }
        return meanings.filter { takers[$0.name]! > 1 }
    }
}
