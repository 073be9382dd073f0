import Filmroll

/// `--fit contain|cover`: how a picture of another shape goes into its
/// frame, in every command that fits (thumbs, gif, video). `inside`, the
/// name thumbs used first, is another name for `contain`.
struct FitOption: OptionGroup {
    enum Fit: String, Sendable, Equatable {
        /// The whole picture, its aspect kept.
        case contain
        /// Cropped from the centre to fill the frame.
        case cover
    }

    static let fit = OptionSpec.value(
        "fit", "contain|cover",
        "Pictures of another shape: contain keeps the whole picture, its aspect kept (inside is another name for it); "
            + "cover crops from the centre to fill.").defaulting(to: "contain")
    static let specs = [fit]

    var fit: Fit

    init(_ arguments: ParsedArguments) throws(UsageError) {
        fit = try arguments.choice(Self.fit, [("contain", .contain), ("inside", .contain), ("cover", .cover)], default: .contain)
    }

    /// The library's fit for a thumbnail or an animation's frames.
    var targetFit: TargetSize.Fit { fit == .cover ? .cover : .inside }
}
