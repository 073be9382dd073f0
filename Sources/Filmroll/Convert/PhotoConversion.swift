import Imaging

/// One photo written upright in the format its output's extension names,
/// optionally shrunk: what `filmroll convert` does. A planned output of
/// its own run by `PlanExecutor` (the output guard, one atomic write),
/// whose maker decodes the photo whole or shrunk on load: it may keep the
/// photo's own colours (`keepsProfile`), which the pipeline's images never do.
///
/// ```swift
/// try PhotoConversion(maxSize: 2048).make("IMG_0001.HEIC", output: "IMG_0001.jpg")
/// ```
public struct PhotoConversion: Sendable {
    /// The longest edge, when the photo is to be shrunk (never enlarged).
    public var maxSize: Int?
    /// JPEG quality, 1 to 100.
    public var quality: Int
    /// Keep the photo's colours and embed its profile, instead of converting to sRGB.
    public var keepsProfile: Bool
    public var limits: DecodeLimits
    /// The run's memory budget in bytes: a conversion that could not fit is refused before it decodes.
    public var memoryBytes: Int
    /// Replace an existing output Filmroll did not make (never the photo).
    public var force: Bool

    public init(maxSize: Int? = nil, quality: Int = 90, keepsProfile: Bool = false, limits: DecodeLimits = .default,
                memoryBytes: Int = MemoryBudget.defaultBytes, force: Bool = false) {
        self.maxSize = maxSize
        self.quality = quality
        self.keepsProfile = keepsProfile
        self.limits = limits
        self.memoryBytes = memoryBytes
        self.force = force
    }

    /// Writes `input` to `output`, encoded by `encoder` (by default the one
    /// `output`'s extension names). The output is checked before any work;
    /// the folder it goes in must exist.
    /// - Parameters:
    ///   - warnings: told of what the decoder recovered from.
    ///   - cancellation: checked before the output is written; once
    ///     cancelled, nothing is written and `.output` is thrown.
    /// - Throws: `ConversionError`; nothing is written then.
    public func make(_ input: String, output: String, encoder: (any ImageEncoding)? = nil,
                     cancellation: CancellationToken = CancellationToken(),
                     warnings: @escaping @Sendable (String) -> Void = { _ in }) throws(ConversionError) {
        let encoder = encoder ?? ImageEncoders.encoder(forOutputPath: output) ?? ImageEncoders.standard
        let inputs = InputIdentities([InputFile(path: input, relativePath: input, root: ".")])
        let writer = OutputWriter(outputGuard: OutputGuard(mark: .convert, force: force, inputs: inputs), createsFolders: false)
        do throws(ImagingError) {
            try writer.outputGuard.check(output)     // before the work, not only after it
        } catch {
            throw .output(path: output, error)
        }
        let conversion = self
        let planned = PlannedOutput(record: .unrecorded(isCurrent: { false }), kind: .conversion, path: output,
                                    root: InputWalker.parentFolder(output), mark: .convert, inputs: []) { _, _ in
            let bytes: [UInt8]
            do throws(ImagingError) {
                bytes = try conversion.encoded(input, encoder: encoder, warnings: warnings)
            } catch {
                throw ConversionError.photo(path: input, error)
            }
            guard !cancellation.isCancelled else {
                throw ConversionError.output(path: output, .encodingFailed(encoder.format, "stopped before writing"))
            }
            do throws(ImagingError) {
                try writer.write(bytes, to: output)
            } catch {
                throw ConversionError.output(path: output, error)
            }
            return .written
        }
        let failure = Locked<ConversionError?>(nil)
        _ = PlanExecutor(pipeline: ImagePipeline(), jobs: 1, force: force, photos: inputs)
            .run([planned], ledger: OutputLedger(), record: { _ in }, failures: { failed in
                let error: ConversionError = switch failed {
                case .output(_, let error as ConversionError): error
                case .output(_, let error as ImagingError), .photo(_, let error): .output(path: output, error)
                case .output, .missingPhotos: .output(path: output, .encodingFailed(encoder.format, failed.reason))
                }
                failure.withLock { $0 = $0 ?? error }
            }, events: { _ in })
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// The photo's bytes in the output's format.
    func encoded(_ input: String, encoder: any ImageEncoding, warnings: @Sendable (String) -> Void) throws(ImagingError) -> [UInt8] {
        let target = maxSize.map { TargetSize.edge($0) }
        let file = try ImageFile.open(input, limit: limits.maxFileBytes)
        let info = try file.readInfo(limits: limits)
        let options = DecodeOptions(target: target, limits: limits)
        // No cache and no encoder beyond what the plan counts: all but the process itself.
        let memory = MemoryBudget(bytes: memoryBytes, overhead: MemoryBudget.processBytes, cacheBytes: 0)
        var settings = EncodingSettings(quality: quality, mark: .convert)
        // A JPEG too large for optimised Huffman tables within the budget (libjpeg holds every
        // coefficient for them) is written with the standard tables instead: a few per cent larger.
        do throws(ImagingError) {
            try memory.check(plannedBytes(info, options: options, file: file.bytes?.count ?? 0, encoding: encoder.encoding(settings)),
                             for: info.storedSize)
        } catch {
            var standard = settings
            standard.optimizeHuffman = false
            let cheaper = encoder.encoding(standard)
            guard cheaper.workingBytesPerPixel < encoder.encoding(settings).workingBytesPerPixel else { throw error }
            try memory.check(plannedBytes(info, options: options, file: file.bytes?.count ?? 0, encoding: cheaper), for: info.storedSize)
            settings = standard
        }
        let decoded = try file.decode(info: info, options: options)
        for warning in decoded.warnings { warnings(warning) }
        var image = Self.outputImage(decoded, target: target, keepsProfile: keepsProfile)
        if keepsProfile {
            let kept = image.keepingColors(for: encoder)
            image = kept.image
            kept.note.map(warnings)
        }
        // An image kept in the photo's colours embeds their profile; an sRGB one embeds none.
        settings.iccProfile = image.colorSpace.embeddableProfile?.bytes
        return try ImageEncoder.encode(image, as: encoder.encoding(settings))
    }

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
    public static func outputImage(_ decoded: DecodedImage, target: TargetSize?, keepsProfile: Bool) -> Image {
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
