/// A command line split into positional arguments, flags and option values,
/// checked against a `CommandSpec`.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var wantsHelp = false
    /// Lines for standard error: a deprecated spelling used, and its new one.
    var deprecations: [String] = []

    /// Parses `arguments` (without the command name). `--` ends the options;
    /// `--name=value` and `--name value` are both accepted.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                name = String(argument.dropFirst())
            }
            guard let option = spec.option(named: name) else {
                var message = "unknown option '\(argument)'"
                if let suggestion = closestMatch(to: name, among: spec.options.map(\.name)) {
                    message += " (did you mean '--\(suggestion)'?)"
                } else if argument.count > 1 && !argument.hasPrefix("--") {
                    message += " (a file name starting with '-' goes after '--', or as './\(argument)')"
                }
                throw UsageError(message)
            }
            if option.deprecatedNames.contains(name) {
                deprecations.append("'--\(name)' is now '--\(option.name)' in \(spec.name) (the old name means something else elsewhere)")
            }
            if option.valueName == nil {
                if inlineValue != nil { throw UsageError("option '--\(option.name)' takes no value") }
                flags.insert(option.name)
                continue
            }
            if let inlineValue {
                values[option.name, default: []].append(inlineValue)
            } else if index < arguments.count {
                values[option.name, default: []].append(arguments[index])
                index += 1
            } else {
                throw UsageError("option '--\(option.name)' needs a value <\(option.valueName!)>")
            }
        }
    }

    /// Whether the flag `option` was given.
    func has(_ option: OptionSpec) -> Bool { flags.contains(option.name) }

    /// The last value given for `option`, if any.
    func value(_ option: OptionSpec) -> String? { values[option.name]?.last }

    /// Whether `option` was given, as a flag or with a value.
    func gave(_ option: OptionSpec) -> Bool { has(option) || value(option) != nil }

    /// Throws unless at most one of `options` was given.
    func atMostOne(of options: [OptionSpec]) throws(UsageError) {
        let given = options.filter(gave)
        guard given.count > 1 else { return }
        throw UsageError("use one of " + options.map { "--\($0.name)" }.joined(separator: ", "))
    }

    /// The value of `option` as an integer in `range`, or `defaultValue`.
    func integer(_ option: OptionSpec, in range: ClosedRange<Int>, default defaultValue: Int? = nil) throws(UsageError) -> Int? {
        guard let text = value(option) else { return defaultValue }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("option '--\(option.name)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// The value of `option`, one of `choices` (by their names), or `defaultValue`.
    func choice<Value>(_ option: OptionSpec, _ choices: [(String, Value)], default defaultValue: Value) throws(UsageError) -> Value {
        guard let text = value(option) else { return defaultValue }
        guard let found = choices.first(where: { $0.0 == text }) else {
            let names = option.choices.isEmpty ? choices.map(\.0) : option.choices
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            throw UsageError("option '--\(option.name)' takes \(list), not '\(text)'")
        }
        return found.1
    }
}

/// The candidate nearest to `word` by edit distance, when it is close enough
/// to be a likely typo.
func closestMatch(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= max(2, word.count / 3) else { return nil }
    return best
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
