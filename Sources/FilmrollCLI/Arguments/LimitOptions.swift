import Filmroll

/// The decode limits every decoding command accepts (`--max-pixels` and
/// the rest, and `--memory`): each has a default, a flag, and a clear error
/// when a file passes it.
struct LimitOptions: OptionGroup {
    static let maxPixels = OptionSpec.value("max-pixels", "N", "Refuse frames of more than N pixels (default 100M; K, M, G suffixes).")
    static let maxTotalPixels = OptionSpec.value("max-total-pixels", "N", "Refuse animations of more than N pixels in all frames (default 1G).")
    static let maxScans = OptionSpec.value("max-scans", "N", "Refuse progressive JPEGs with more than N scans (default 500).")
    static let maxFrames = OptionSpec.value("max-frames", "N", "Refuse animations with more than N frames (default 10000).")
    static let maxChunkBytes = OptionSpec.value("max-chunk-bytes", "N", "Largest PNG text or metadata chunk kept, decompressed (default 8M).")
    static let specs: [OptionSpec] = [maxPixels, maxTotalPixels, maxScans, maxFrames, maxChunkBytes, memorySpec]

    /// `--memory SIZE`: the run's one memory budget (see `MemoryBudget`).
    static let memorySpec = OptionSpec.value(
        "memory", "SIZE", "Keep the run's memory within SIZE: large decodes wait their turn or are refused (default 1G).")

    /// The bytes `--memory` gives the run (1 GB without it).
    static func memoryBytes(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value(memorySpec) else { return MemoryBudget.defaultBytes }
        guard let bytes = parseByteCount(text), bytes >= 1_000_000 else {
            throw UsageError("option '--memory' needs a size of at least 1M such as 500M or 2G, not '\(text)'")
        }
        return bytes
    }

    var limits: DecodeLimits
    /// `--memory`, in bytes (1 GB without it).
    var memoryBytes: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        limits = try Self.parse(arguments)
        memoryBytes = try Self.memoryBytes(arguments)
    }

    /// The run's memory budget (see `MemoryBudget`).
    func memory() -> MemoryBudget {
        MemoryBudget(bytes: memoryBytes)
    }

    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> DecodeLimits {
        var limits = DecodeLimits()
        func count(_ option: OptionSpec) throws(UsageError) -> Int? {
            guard let text = arguments.value(option) else { return nil }
            guard let value = parseByteCount(text), value > 0 else {
                throw UsageError("option '--\(option.name)' needs a positive count such as 500 or 40M, not '\(text)'")
            }
            return value
        }
        if let value = try count(maxPixels) { limits.maxPixelsPerFrame = value }
        if let value = try count(maxTotalPixels) { limits.maxTotalPixels = value }
        if let value = try count(maxScans) { limits.maxProgressiveScans = value }
        if let value = try count(maxFrames) { limits.maxFrames = value }
        if let value = try count(maxChunkBytes) { limits.maxPNGChunkBytes = value }
        return limits
    }
}
