import Filmroll

/// `filmroll convert INPUT OUTPUT`: one photo decoded upright, optionally
/// shrunk, and written in the format the output's extension names; or a
/// video (or a motion photo's clip) written as an MP4 every browser plays.
struct ConvertCommand: Command {
    static let input = ArgumentSpec(
        name: "INPUT", help: "An image in a format Filmroll reads (\(ImageDecoders.formatList); for an animation, the first frame).")
    static let output = ArgumentSpec(
        name: "OUTPUT", help: "The file to write: \(ImageEncoders.extensionList); .mp4 for a video's clip. Never the input itself.")
    static let maxSize = OptionSpec.value("max-size", "N", "Shrink so the longest edge is at most N pixels (never enlarges).")
    static let quality = QualityOption.quality.defaulting(to: "90")
    static let keepProfile = OptionSpec.flag(
        "keep-profile", "Keep the photo's own colours and embed its ICC profile, instead of converting to sRGB.")

    static let spec = CommandSpec(
        name: "convert",
        abstract: "Write a photo upright as JPEG or PNG, optionally shrunk; or a video as an MP4 browsers play.",
        arguments: [input, output],
        options: [maxSize, quality, keepProfile, ForceOption.force] + LimitOptions.specs,
        synopsis: [[.argument(input), .argument(output), .optional(maxSize), .optional(quality), .optional(keepProfile)]],
        discussion: """
        The output is upright, in sRGB (shrunk in the photo's own colours, then converted once through its
        colour profile, if it has one), and
        carries no orientation tag and no other metadata (only a comment marking it as Filmroll's). With
        --keep-profile the pixels keep the photo's colours and its ICC profile is embedded; a photo whose colours
        are given by HEIF code points or PNG chromaticities gets an equivalent profile. A PNG says "sRGB" (its sRGB
        chunk) for an sRGB profile; a profile libpng refuses is converted to sRGB, and a profile for other pixels
        (CMYK or grey on colour) is left out, each with a warning saying why.
        An existing OUTPUT is replaced only when Filmroll made it, unless --force; never the input.
        It is written to a temporary file and renamed, so an interrupted run leaves no partial file.
        A video (or a motion photo's clip) converted to .mp4 becomes H.264 that every browser plays: upright,
        its short side at most 720 px (or its long side at most --max-size), crf 23, preset medium, each frame
        as long as in the original, its AAC sound copied as it is (other sound, such as a camera's PCM, re-encoded to AAC).
        """
    )

    var input: String
    var output: String
    var maxSize: Int?
    var quality: Int
    /// The output's encoder, chosen by its extension; nil for a video's clip (.mp4).
    var encoder: (any ImageEncoding)?
    var limits: DecodeLimits
    /// `--memory`, in bytes.
    var memoryBytes: Int
    var force: Bool
    var keepsProfile: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 2 else {
            throw UsageError(arguments.positionals.count < 2 ? "missing INPUT or OUTPUT" : "too many arguments; convert takes one INPUT and one OUTPUT")
        }
        input = arguments.positionals[0]
        output = arguments.positionals[1]
        maxSize = try arguments.integer(Self.maxSize, in: 1...65500)
        quality = try QualityOption(arguments).quality ?? 90
        let name = InputWalker.lastComponent(output)
        let isClip = name.contains(".") && ["mp4", "m4v"].contains(name.split(separator: ".").last?.lowercased() ?? "")
        if isClip {
            encoder = nil
        } else {
            guard let found = ImageEncoders.encoder(forOutputPath: output) else {
                throw UsageError("cannot tell the output format from '\(output)'; use \(ImageEncoders.extensionList) (a photo), or .mp4 (a video)")
            }
            encoder = found
        }
        let decoding = try LimitOptions(arguments)
        limits = decoding.limits
        memoryBytes = decoding.memoryBytes
        force = try ForceOption(arguments).force
        keepsProfile = arguments.has(Self.keepProfile)
    }

    func run(_ io: CommandIO) -> ExitCode {
        Interruption.install()
        let cancellation = CancellationToken()
        Interruption.cancelOnSignal(cancellation)
        let status = convert(io, cancellation: cancellation)
        if Interruption.requested {
            io.printError("filmroll: interrupted; run the same command again to finish")
            return Interruption.exitCode
        }
        return status
    }

    /// The conversion itself; a signal stops a video's between frames
    /// (a photo's is one decode and encode, which the watchdog bounds).
    private func convert(_ io: CommandIO, cancellation: CancellationToken) -> ExitCode {
        guard let encoder else {
            do throws(ConversionError) {
                try ClipConversion(maxSize: maxSize, limits: limits, force: force)
                    .make(input, output: output, cancellation: cancellation)
            } catch {
                if cancellation.isCancelled { return .failure }
                switch error {
                case let .photo(path, reason), let .output(path, reason): io.reportFailure(path: path, reason.description)
                }
                return .failure
            }
            return .success
        }
        let conversion = PhotoConversion(maxSize: maxSize, quality: quality, keepsProfile: keepsProfile, limits: limits,
                                         memoryBytes: memoryBytes, force: force)
        let input = input
        do throws(ConversionError) {
            try conversion.make(input, output: output, encoder: encoder, cancellation: cancellation) {
                io.reportWarning(path: input, $0)
            }
        } catch {
            if cancellation.isCancelled { return .failure }
            switch error {
            case let .photo(path, reason), let .output(path, reason): io.reportFailure(path: path, reason.description)
            }
            return .failure
        }
        return .success
    }
}
