#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Filmroll

/// `filmroll convert INPUT OUTPUT`: one photo decoded upright, optionally
/// shrunk, and written in the format the output's extension names.
struct ConvertCommand: Command {
    static let spec = CommandSpec(
        name: "convert",
        abstract: "Write a photo upright as JPEG or PNG, optionally shrunk.",
        usage: "INPUT OUTPUT [--max-size N] [--quality Q] [--keep-profile]",
        arguments: [
            ArgumentSpec(name: "INPUT", help: "An image in a format Filmroll reads (\(ImageDecoders.formatList); for an animation, the first frame)."),
            ArgumentSpec(name: "OUTPUT", help: "The file to write: \(ImageEncoders.extensionList). Never the input itself."),
        ],
        options: [
            .value("max-size", "N", "Shrink so the longest edge is at most N pixels (never enlarges)."),
            .value("quality", "Q", "JPEG quality, 1 to 100 (default 90)."),
            .flag("keep-profile", "Keep the photo's own colours and embed its ICC profile, instead of converting to sRGB."),
            ForceOption.force,
        ] + LimitOptions.specs,
        discussion: """
        The output is upright, in sRGB (shrunk in the photo's own colours, then converted once through its
        colour profile, if it has one), and
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
    /// The output's encoder, chosen by its extension.
    var encoder: any ImageEncoding
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
        guard let encoder = ImageEncoders.encoder(forOutputPath: output) else {
            throw UsageError("cannot tell the output format from '\(output)'; use \(ImageEncoders.extensionList)")
        }
        self.encoder = encoder
        let decoding = try LimitOptions(arguments)
        limits = decoding.limits
        memoryBytes = decoding.memoryBytes
        force = try ForceOption(arguments).force
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
            let options = DecodeOptions(target: target, limits: limits)
            // No cache and no encoder beyond what the plan counts: all but the process itself.
            let memory = MemoryBudget(bytes: memoryBytes, overhead: MemoryBudget.processBytes, cacheBytes: 0)
            var settings = EncodingSettings(quality: quality, mark: .convert)
            // A JPEG too large for optimised Huffman tables within the budget (libjpeg holds every
            // coefficient for them) is written with the standard tables instead: a few per cent larger.
            do throws(ImagingError) {
                try memory.check(plannedBytes(info, options: options, file: file.count, encoding: encoder.encoding(settings)),
                                 for: info.storedSize)
            } catch {
                var standard = settings
                standard.optimizeHuffman = false
                let cheaper = encoder.encoding(standard)
                guard cheaper.workingBytesPerPixel < encoder.encoding(settings).workingBytesPerPixel else { throw error }
                try memory.check(plannedBytes(info, options: options, file: file.count, encoding: cheaper), for: info.storedSize)
                settings = standard
            }
            let decoded = try ImageDecoder.decode(file, info: info, options: options)
            for warning in decoded.warnings { io.reportWarning(path: input, warning) }
            let image = Self.outputImage(decoded, target: target, keepsProfile: keepsProfile)
            // An image kept in the photo's colours embeds their profile; an sRGB one embeds none.
            settings.iccProfile = image.colorSpace.embeddableProfile?.bytes
            bytes = try ImageEncoder.encode(image, as: encoder.encoding(settings))
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
    /// The picture written: the decode (upright, in the photo's own colours)
    /// shrunk to `target`, then converted to sRGB once, at the output's
    /// size, unless `keepsProfile`.
    ///
    /// The Lanczos filter works on the encoded values of the photo's own
    /// space, as the thumbnail pipeline, libvips' thumbnail and Pillow do.
    /// Converting first would not make the filter work in linear light
    /// (sRGB's values are no more linear than Display P3's); it would cost
    /// a conversion of every decoded pixel instead of every output pixel,
    /// and clip colours outside sRGB before they are averaged.
    static func outputImage(_ decoded: DecodedImage, target: TargetSize?, keepsProfile: Bool) -> Image {
        var image = decoded.image
        if let target {
            image = image.resized(to: target.resultSize(for: decoded.info.uprightSize).fitting(image.size))
        }
        return keepsProfile ? image : image.convertedToSRGB()
    }

    /// What a conversion holds at its peak, refused up front when the
    /// budget cannot hold it: the decode, a turned copy of it, a
    /// colour-converted copy of the output, the file, and what `encoding`
    /// holds besides the image (a JPEG's flattened RGB and libjpeg's
    /// coefficients for optimised Huffman tables; an encoded PNG as large as
    /// its pixels at worst).
    func plannedBytes(_ info: ImageInfo, options: DecodeOptions, file: Int, encoding: EncodingFormat) -> Int {
        let decoded = ImageDecoder.plannedPixels(info, options: options)
        let upright = info.uprightSize
        let output = options.target.map { $0.resultSize(for: upright).pixelCount } ?? upright.pixelCount
        let turned = info.metadata.orientation != .up ? decoded * 4 : 0
        let converted = !keepsProfile && info.decodedColorSpace.needsConversion ? output * 4 : 0
        let outputBytesPerPixel = encoding.workingBytesPerPixel
        let parts = [ImageDecoder.plannedBytes(info, options: options), turned, converted,
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
