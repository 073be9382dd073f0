/// One option as the command line, `--help`, the man page and the
/// completions know it. An option taken by several commands is declared
/// once, in its group (`OptionGroup`), so it has one meaning everywhere: a
/// command may give it only its own default (`defaultValue`) and, for a
/// command that makes several outputs at once, take several values
/// (`listed`).
struct OptionSpec: Sendable, Equatable {
    /// Long name without dashes: "max-size".
    var name: String
    /// One-letter alias without the dash: "o".
    var short: Character?
    /// Placeholder for the value ("N"), or nil for a flag.
    var valueName: String?
    var help: String
    /// The default this command uses, shown after the help: "85".
    var defaultValue: String?
    /// Several values separated by commas ("--size 256,1024"), each giving an output.
    var listed = false
    /// Names the option had before, still accepted silently and not shown
    /// (`--output`, now `--out`).
    var formerNames: [String] = []
    /// Names the option had before that now mean something else elsewhere:
    /// still accepted, with a line on standard error naming the new one.
    var deprecatedNames: [String] = []

    static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    static func value(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }

    /// This option with this command's default.
    func defaulting(to value: String) -> OptionSpec {
        var spec = self
        spec.defaultValue = value
        return spec
    }

    /// This option taking several values separated by commas.
    func takingSeveral() -> OptionSpec {
        var spec = self
        spec.listed = true
        return spec
    }

    /// What the option means, the same in every command that takes it: all
    /// but the command's default and whether it takes several values.
    var meaning: OptionSpec {
        var spec = self
        spec.defaultValue = nil
        spec.listed = false
        return spec
    }

    /// The values of a choice, read off the placeholder ("jpeg|png" gives
    /// jpeg and png); empty for a placeholder that names ("N", "NAME|PATH").
    var choices: [String] {
        guard let valueName, valueName.contains("|") else { return [] }
        let parts = valueName.split(separator: "|").map(String.init)
        return parts.allSatisfy { $0 == $0.lowercased() } ? parts : []
    }

    /// The placeholder as shown: "N", or "N[,N…]" (a choice's "gif|webp[,…]") when listed.
    var placeholder: String? {
        valueName.map { !listed ? $0 : choices.isEmpty ? "\($0)[,\($0)…]" : "\($0)[,…]" }
    }

    /// "-s, --size <N>", for the help's list of options.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if let placeholder { text += " <\(placeholder)>" }
        return text
    }

    /// "--size N", for a usage line; "-o OUT" with `short` when it has a letter.
    func usageText(short: Bool = false) -> String {
        let flag = short ? self.short.map { "-\($0)" } ?? "--\(name)" : "--\(name)"
        return placeholder.map { "\(flag) \($0)" } ?? flag
    }

    /// The help with this command's default: "JPEG quality, 1 to 100 (default 85)."
    var fullHelp: String {
        var text = help
        if listed { text += " Several, separated by commas, give an output each." }
        guard let defaultValue else { return text }
        if text.hasSuffix(").") { return text.dropLast(2) + "; default \(defaultValue))." }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " (default \(defaultValue))."
    }
}
