/// Parses "1GB", "500MB", "64KiB", "1000000" into bytes (decimal units,
/// binary ones with "i"); nil for anything else.
func parseByteCount(_ text: String) -> Int? {
    let trimmed = text.uppercased().replacingOccurrences(of: " ", with: "")
    let units: [(String, Int)] = [("TIB", 1 << 40), ("GIB", 1 << 30), ("MIB", 1 << 20), ("KIB", 1 << 10),
                                  ("TB", 1_000_000_000_000), ("GB", 1_000_000_000), ("MB", 1_000_000), ("KB", 1000),
                                  ("T", 1_000_000_000_000), ("G", 1_000_000_000), ("M", 1_000_000), ("K", 1000), ("B", 1)]
    for (suffix, factor) in units where trimmed.hasSuffix(suffix) {
        guard let value = Double(trimmed.dropLast(suffix.count)), value >= 0 else { return nil }
        return Int(value * Double(factor))
    }
    return Int(trimmed).flatMap { $0 >= 0 ? $0 : nil }
}

private extension String {
    func replacingOccurrences(of target: Character, with replacement: String) -> String {
        String(flatMap { $0 == target ? Array(replacement) : [$0] })
    }
}
