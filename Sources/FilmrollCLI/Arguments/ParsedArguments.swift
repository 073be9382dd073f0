/// A command line split into positional arguments, flags and option values,
/// checked against a `CommandSpec`.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var wantsHelp = false

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
            guard let option = spec.options.first(where: { $0.name == name || $0.formerNames.contains(name) || ($0.short.map { String($0) } == name) }) else {
                var message = "unknown option '\(argument)'"
                if let suggestion = closestMatch(to: name, among: spec.options.map(\.name)) {
                    message += " (did you mean '--\(suggestion)'?)"
                } else if argument.count > 1 && !argument.hasPrefix("--") {
                    message += " (a file name starting with '-' goes after '--', or as './\(argument)')"
                }
                throw UsageError(message)
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

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for `option`, if any.
    func value(_ option: String) -> String? { values[option]?.last }

    /// The value of `option` as an integer in `range`, or `defaultValue`.
    func integer(_ option: String, in range: ClosedRange<Int>, default defaultValue: Int? = nil) throws(UsageError) -> Int? {
        guard let text = value(option) else { return defaultValue }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("option '--\(option)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
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
