/// `--quality Q`: the quality of a lossy output (a JPEG, a lossy WebP),
/// 1 to 100, in every command that writes one; each command has its own
/// default. A GIF's palette quality is `gif --palette-quality`.
struct QualityOption: OptionGroup {
    static let quality = OptionSpec.value(
        "quality", "Q", "Quality of lossy outputs (JPEG, lossy WebP), 1 to 100: higher is closer to the photos and larger.")
    static let specs = [quality]

    /// nil: not given (the command's default applies).
    var quality: Int?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        quality = try arguments.integer(Self.quality, in: 1...100)
    }
}
