/// `--no-memory-cache`: decoded photos are not kept in memory for reuse
/// (fourcut, gif, video). Not to be confused with `thumbs --no-cache`, which
/// stores no thumbnails on disk; `--no-cache` was this switch's name in
/// these commands and is still accepted there, with a line saying so.
struct MemoryCacheOption: OptionGroup {
    static let noMemoryCache: OptionSpec = {
        var spec = OptionSpec.flag("no-memory-cache", "Keep no decoded photos in memory for reuse (less memory, more decoding).")
        spec.deprecatedNames = ["no-cache"]
        return spec
    }()
    static let specs = [noMemoryCache]

    /// false with `--no-memory-cache`.
    var keepsDecodedPhotos: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        keepsDecodedPhotos = !arguments.has(Self.noMemoryCache)
    }
}

/// `--cache-dir DIR`, `--cache-limit SIZE` and `--no-cache`: thumbs' store
/// of thumbnails on disk, what a re-run finds made.
struct ThumbnailStoreOptions: OptionGroup {
    static let cacheDir = OptionSpec.value("cache-dir", "DIR", "Keep the thumbnail store in DIR instead of FOLDER/.filmroll/thumbs.")
    static let cacheLimit = OptionSpec.value(
        "cache-limit", "SIZE", "Size budget of the thumbnail store; least recently used thumbnails go first.").defaulting(to: "1GB")
    static let noCache = OptionSpec.flag("no-cache", "Store no thumbnails on disk: make everything afresh (for benchmarks).")
    static let specs = [cacheDir, cacheLimit, noCache]

    /// `--cache-dir`
    var folder: String?
    /// `--cache-limit`, in bytes (1 GB without it).
    var limit: Int
    /// false with `--no-cache`.
    var isUsed: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.value(Self.cacheDir)
        if let text = arguments.value(Self.cacheLimit) {
            guard let bytes = parseByteCount(text) else {
                throw UsageError("option '--cache-limit' needs a size such as 500MB or 2GB, not '\(text)'")
            }
            limit = bytes
        } else {
            limit = 1_000_000_000
        }
        isUsed = !arguments.has(Self.noCache)
    }
}
