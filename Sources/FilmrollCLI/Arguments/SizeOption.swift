/// `-s, --size N`: the longest edge of what a command makes, in pixels
/// (thumbs, gif, video). Thumbs takes several (`--size 256,1024`), one
/// thumbnail of each from one decode.
struct SizeOption {
    static let size = OptionSpec.value("size", short: "s", "N", "Longest edge in pixels.")

    /// The sizes given, each in `range`, without repeats; empty when not given.
    static func sizes(_ arguments: ParsedArguments, in range: ClosedRange<Int>) throws(UsageError) -> [Int] {
        guard let text = arguments.value(size) else { return [] }
        var sizes: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Int(part.trimmingCharacters(in: " ")), range.contains(value) else {
                throw UsageError("option '--size' needs sizes from \(range.lowerBound) to \(range.upperBound) separated by commas, not '\(text)'")
            }
            if !sizes.contains(value) { sizes.append(value) }
        }
        return sizes
    }

    /// The one size given, in `range`; nil when not given.
    static func size(_ arguments: ParsedArguments, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        try arguments.integer(size, in: range)
    }
}
