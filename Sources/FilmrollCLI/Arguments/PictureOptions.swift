import Filmroll

/// `--background COLOR`: the colour around a contained picture and under
/// transparency (gif, video).
struct BackgroundOption: OptionGroup {
    static let background = OptionSpec.value(
        "background", "COLOR", "Colour around contained pictures and under transparency: a name or #RRGGBB.")
    static let specs = [background]

    /// nil: not given.
    var color: RGBColor?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.value(Self.background) else { return }
        guard let color = RGBColor(parsing: text) else { throw UsageError("option '--background' takes a colour name or #RRGGBB, not '\(text)'") }
        self.color = color
    }
}

/// `--order name|date`: the order of the inputs (gif, video).
struct OrderOption: OptionGroup {
    static let order = OptionSpec.value(
        "order", "name|date", "Input order: file names in natural order, or the time each was taken.").defaulting(to: "name")
    static let specs = [order]

    var order: AnimationFrames.Order

    init(_ arguments: ParsedArguments) throws(UsageError) {
        order = try arguments.choice(Self.order, [("name", .name), ("date", .date)], default: .name)
    }
}

/// `--format jpeg|png`: the image format of outputs named by the command
/// (thumbs, fourcut --per-day), one of the encoders `ImageEncoders` lists.
struct ImageFormatOption: OptionGroup {
    static let format = OptionSpec.value(
        "format", "jpeg|png", "Image format of the outputs.").defaulting(to: "jpeg")
    static let specs = [format]

    var format: ImageFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let name = arguments.value(Self.format) ?? "jpeg"
        guard let encoder = ImageEncoders.encoder(named: name) else {
            throw UsageError("option '--format' takes \(ImageEncoders.nameList), not '\(name.lowercased())'")
        }
        format = encoder.format
    }
}
