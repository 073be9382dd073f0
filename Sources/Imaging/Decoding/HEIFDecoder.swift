/// Decodes HEIC and AVIF through libheif: the primary image only, upright by
/// the file's own transformations; the embedded thumbnail when it covers
/// the size asked; EXIF and XMP from the file's metadata items.
extension ImageFormat {
    /// HEIF with HEVC pictures (HEIC), as iPhones save.
    public static let heif = ImageFormat(rawValue: "heif", displayName: "HEIF")
    /// HEIF with AV1 pictures.
    public static let avif = ImageFormat(rawValue: "avif", displayName: "AVIF")
}

struct HEIFDecoder: ImageDecoding {
    /// `.heif` or `.avif`: one decoder for each, told apart by the `ftyp` brands.
    let format: ImageFormat
    var fileExtensions: [String] { format == .avif ? ["avif"] : ["heic", "heif", "hif"] }

    func sniff(_ head: [UInt8]) -> Bool { HEIFBrands(head)?.format == format }

    /// libheif's decoded planes.
    func workingBytesPerPixel(_ info: ImageInfo) -> Int { 4 }
    /// An embedded thumbnail may stand in for the image when its shape
    /// matches the image's to this fraction.
    static let thumbnailAspectTolerance = 0.01

    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let header: HEIFCodec.Header
        do throws(ImagingError) {
            header = try HEIFCodec.readHeader(bytes, format: format)
        } catch {
            // libheif refuses a huge size as "out of memory" (its security
            // limit): a size past ours is told as such, from the boxes.
            if let declared = HEIFCodec.declaredSize(bytes) { try limits.check(frameSize: declared) }
            throw error
        }
        try limits.check(frameSize: header.codedSize)
        var metadata = ImageMetadata()
        if header.hasEXIF, let exif = HEIFCodec.block(.exif, of: bytes) {
            exif.withUnsafeBytes { EXIFReader.read($0, into: &metadata) }
            // HEIF's irot/imir already turn the image; the EXIF value is
            // reported, never applied on top.
            if metadata.hasOrientationTag { metadata.ignoredEXIFOrientation = metadata.orientation }
            metadata.orientation = .up
            metadata.hasOrientationTag = false
        }
        metadata.heifTransform = HEIFTransform.orientation(bytes)
        var motionXMP: MotionPhotoLocator.XMP?
        if header.hasXMP, let xmp = HEIFCodec.block(.xmp, of: bytes) {
            motionXMP = xmp.withUnsafeBytes { XMPReader.readWithMotionPhoto($0, into: &metadata) }
        }
        // A motion photo's video that cannot be found is a warning; the still reads as ever.
        let motion = MotionPhotoLocator.inHEIF(bytes, xmp: motionXMP)
        metadata.motionPhoto = motion.clip
        var colorSpace = ColorSpace.sRGB
        if header.hasICC, let icc = HEIFCodec.block(.icc, of: bytes) {
            colorSpace = .icc(ColorProfile(icc))
        } else if let cicp = header.cicp {
            colorSpace = .cicp(cicp)
        }
        var info = ImageInfo(format: format, storedSize: header.size, metadata: metadata,
                             colorModel: ColorModel(.rgb, alpha: header.hasAlpha, bitsPerSample: max(header.bitDepth, 8)),
                             hasAlpha: header.hasAlpha, colorSpace: colorSpace, warnings: motion.warnings)
        info.embeddedThumbnailSize = header.thumbnailSize
        if format == .avif, let frames = AVIFSequence.frameCount(bytes), frames > 1 { info.metadata.frameCount = frames }
        return info
    }

    /// Its still is the primary item; an AVIF sequence's frames are its track's.
    var canAnimate: Bool { format == .avif }

    func openFrames(path: String, info: ImageInfo, limits: DecodeLimits) throws(ImagingError) -> (any FrameDecoding)? {
        guard canAnimate, info.metadata.frameCount > 1 else { return nil }
        return try AVIFSequenceFrameDecoder(path: path, info: info, limits: limits)
    }

    func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize {
        usesThumbnail(info, options: options) ? info.embeddedThumbnailSize! : info.storedSize
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        let thumbnail = usesThumbnail(info, options: options)
        let image = try HEIFCodec.decode(bytes, format: format, size: decodedSize(info, options: options),
                                         thumbnail: thumbnail, hasAlpha: info.hasAlpha, threads: options.codecThreads)
        return ([ImageFrame(image: image)], 8)
    }

    /// Whether the embedded thumbnail covers the target and has the image's shape.
    private func usesThumbnail(_ info: ImageInfo, options: DecodeOptions) -> Bool {
        guard let target = options.target, let thumbnail = info.embeddedThumbnailSize else { return false }
        let needed = target.resultSize(for: info.storedSize)
        guard thumbnail.width >= needed.width, thumbnail.height >= needed.height else { return false }
        let imageAspect = Double(info.storedSize.width) / Double(info.storedSize.height)
        let thumbnailAspect = Double(thumbnail.width) / Double(thumbnail.height)
        return abs(thumbnailAspect / imageAspect - 1) <= Self.thumbnailAspectTolerance
    }
}
