#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Filmroll

/// `filmroll convert INPUT OUTPUT`: one photo decoded upright, optionally
/// shrunk, and written as JPEG or PNG by the output's extension.
struct ConvertCommand: Command {
    static let spec = CommandSpec(
        name: "convert",
        abstract: "Write a photo upright as JPEG or PNG, optionally shrunk.",
        usage: "INPUT OUTPUT [--max-size N] [--quality Q] [--keep-profile]",
        arguments: [
            ArgumentSpec(name: "INPUT", help: "An image in a format Filmroll reads (\(ImageDecoders.formatList); for an animation, the first frame)."),
            ArgumentSpec(name: "OUTPUT", help: "The file to write: .jpg, .jpeg or .png. Never the input itself."),
        ],
        options: [
            .value("max-size", "N", "Shrink so the longest edge is at most N pixels (never enlarges)."),
            .value("quality", "Q", "JPEG quality, 1 to 100 (default 90)."),
            .flag("keep-profile", "Keep the photo's own colours and embed its ICC profile, instead of converting to sRGB."),
            OutputGuard.forceOption,
        ] + LimitOptions.specs,
        discussion: """
        The output is upright, in sRGB (converted through the photo's own colour profile, if it has one), and
        carries no orientation tag and no other metadata (only a comment marking it as Filmroll's). With
        --keep-profile the pixels keep the photo's colours and its ICC profile is embedded; a photo whose colours
        are given by HEIF code points or PNG chromaticities gets an equivalent profile. An existing OUTPUT is replaced only when Filmroll made it, unless --force; never the input.
        It is written to a temporary file and renamed, so an interrupted run leaves no partial file.
        """
    )

    var input: String
    var output: String
    var maxSize: Int?
    var quality: Int
    var format: ImageFormat
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
        maxSize = try arguments.integer("max-size", in: 1...65500)
        quality = try arguments.integer("quality", in: 1...100, default: 90)!
        guard let format = ImageFormat.forOutputPath(output), format != .gif else {
            throw UsageError("cannot tell the output format from '\(output)'; use .jpg, .jpeg or .png")
        }
        self.format = format
        limits = try LimitOptions.parse(arguments)
        memoryBytes = try LimitOptions.memoryBytes(arguments)
        force = arguments.has("force")
        keepsProfile = arguments.has("keep-profile")
    }

    func run(_ io: CommandIO) -> ExitCode {
        let writer = OutputWriter(outputGuard: OutputGuard(
            mark: .convert, force: force,
            inputs: InputIdentities([InputFile(path: input, relativePath: input, root: ".")]), catalogPath: nil),
            createsFolders: false)
        do throws(ImagingError) {
            try writer.outputGuard.check(output)     // before the work, not only after it
        } catch {
            io.reportFailure(path: output, error.description)
            return .failure
        }
        let bytes: [UInt8]
        do {
            let target = maxSize.map { TargetSize.edge($0) }
            let file = try ImagingError.converting(try FileBytes.read(input, limit: limits.maxFileBytes))
            let info = try ImageDecoder.readInfo(file, limits: limits)
            let options = DecodeOptions(target: target, limits: limits, convertsToSRGB: !keepsProfile)
            // No cache and no encoder beyond what the plan counts: all but the process itself.
            let memory = MemoryBudget(bytes: memoryBytes, overhead: MemoryBudget.processBytes, cacheBytes: 0)
            // A JPEG too large for optimised Huffman tables within the budget (libjpeg holds every
            // coefficient for them) is written with the standard tables instead: a few per cent larger.
            var optimizesHuffman = true
            do throws(ImagingError) {
                try memory.check(plannedBytes(info, options: options, file: file.count), for: info.storedSize)
            } catch where format == .jpeg {
                try memory.check(plannedBytes(info, options: options, file: file.count, optimizesHuffman: false),
                                 for: info.storedSize)
                optimizesHuffman = false
            }
            let decoded = try ImageDecoder.decode(file, info: info, options: options)
            for warning in decoded.warnings { io.reportWarning(path: input, warning) }
            var image = decoded.image
            if let target {
                image = image.resized(to: target.resultSize(for: decoded.info.uprightSize).fitting(image.size))
            }
            let profile = decoded.colorSpace.embeddableProfile?.bytes
            let encoding: EncodingFormat = format == .png
                ? .png(PNGEncodingOptions(iccProfile: profile))
                : .jpeg(JPEGEncodingOptions(quality: quality, optimizeHuffman: optimizesHuffman, iccProfile: profile))
            bytes = try ImageEncoder.encode(image, as: encoding.marked(.convert))
        } catch {
            io.reportFailure(path: input, String(describing: error))
            return .failure
        }
        do {
            try writer.write(bytes, to: output)
        } catch {
            io.reportFailure(path: output, String(describing: error))
            return .failure
        }
        return .success
    }
}

extension ConvertCommand {
    /// What a conversion holds at its peak, refused up front when the
    /// budget cannot hold it: the decode, a turned or colour-converted copy
    /// of it, the file, and the output side (a JPEG's flattened RGB and
    /// libjpeg's coefficients for optimised Huffman tables, unless
    /// `optimizesHuffman` is false; an encoded PNG as large as its pixels at worst).
    func plannedBytes(_ info: ImageInfo, options: DecodeOptions, file: Int, optimizesHuffman: Bool = true) -> Int {
        let decoded = ImageDecoder.plannedPixels(info, options: options)
        let upright = info.uprightSize
        let output = options.target.map { $0.resultSize(for: upright).pixelCount } ?? upright.pixelCount
        let copies = (info.metadata.orientation != .up ? 1 : 0) + (options.convertsToSRGB && !info.decodedColorSpace.isSRGB ? 1 : 0)
        let outputBytesPerPixel = format == .png ? 4 : (optimizesHuffman ? 6 : 3)
        let parts = [ImageDecoder.plannedBytes(info, options: options), decoded * 4 * copies,
                     output * outputBytesPerPixel, file]
        return parts.reduce(0) { total, part in
            let (sum, overflow) = total.addingReportingOverflow(part)
            return overflow ? .max : sum
        }
    }
}

extension PixelSize {
    /// This size, but no larger than `available` in either dimension (a
    /// shrink-on-load decode may already be a pixel smaller than planned).
    func fitting(_ available: PixelSize) -> PixelSize {
        PixelSize(width: min(width, available.width), height: min(height, available.height))
    }
}
