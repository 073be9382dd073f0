extension ImageFormat {
    /// Camera RAW files read through LibRaw: DNG, CR2, CR3, CRW, NEF, ARW, RAF, RW2, ORF, PEF, SRW, MRW, IIQ and more.
    public static let raw = ImageFormat(rawValue: "raw", displayName: "camera RAW")
}

/// Decodes camera RAW files through LibRaw, preview first.
///
/// When the caller's target is no larger than the embedded preview (most
/// cameras embed a JPEG of 1 to 24 MP), the preview is decoded instead of
/// the raw data, through Filmroll's own JPEG path with its DCT scaling;
/// otherwise LibRaw demosaics the raw data with the camera's white balance
/// into sRGB, at half size (its own shrink-on-load, one pixel per 2x2
/// filter block) when that still covers the target. Frames come out as the
/// sensor stored them; LibRaw's flip is the image's orientation, applied
/// once by the core to whichever was decoded (a preview is stored as the
/// raw data is; its own EXIF Orientation is not applied on top).
///
/// Metadata: LibRaw's camera, capture time, GPS and exposure; for TIFF
/// containers, the EXIF of the file fills in the date's offset and
/// sub-seconds and the camera as EXIF names it (as `exiftool` shows it).
/// The container, sensor, preview and exposure facts (ISO, shutter,
/// aperture, focal length, lens) are the colour model's (`RAWContents`).
struct RAWDecoder: ImageDecoding {
    var library: LibraryVersion? { LibraryVersion(name: "LibRaw", version: RAWCodec.version) }
    var format: ImageFormat { .raw }
    var fileExtensions: [String] {
        ["cr2", "cr3", "nef", "arw", "raf", "rw2", "dng", "orf", "pef", "srw", "crw", "mrw", "iiq", "nrw", "sr2", "srf",
         "rwl", "raw", "3fr", "fff", "mos", "mef", "erf", "dcr", "kdc", "cap"]
    }
    var signatureLength: Int { RAWKind.signatureLength }

    func sniff(_ head: [UInt8]) -> Bool { RAWKind(head: head) != nil }

    /// A preview may stand in for the image when its shape matches the
    /// image's to this fraction: previews are 3:2 or 4:3 while the sensor's
    /// crop is often a few pixels off (6024x4024 beside 1616x1080).
    static let previewAspectTolerance = 0.02

    /// LibRaw's working memory at full size: the unpacked sensor data (2
    /// bytes a pixel), its four-channel 16-bit image (8) and its 8-bit copy
    /// of the result (3).
    func workingBytesPerPixel(_ info: ImageInfo) -> Int { 13 }

    /// libexif reads at most this much of a TIFF (an APP1 segment's limit, less "Exif\0\0").
    private static let exifReadLength = 0xFFFE - 6

    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let kind = RAWKind(head: Array(bytes.prefix(RAWKind.signatureLength)))
        let header = try RAWCodec.readHeader(bytes, limits: limits)
        try limits.check(frameSize: header.rawSize)
        try limits.check(frameSize: header.size)

        var metadata = ImageMetadata()
        if kind?.isTIFF == true, let head = bytes.slice(0..<min(bytes.count, Self.exifReadLength)) {
            EXIFReader.read(head, into: &metadata)
        }
        metadata.make = metadata.make ?? header.make
        metadata.model = metadata.model ?? header.model
        metadata.gps = metadata.gps ?? header.gps
        if metadata.captureDates[.original] == nil, let text = header.dateTime { metadata.captureDates[.original] = CaptureDate(exifDateTime: text) }
        // LibRaw's flip is what the raw data means, from IFD0 or the maker notes.
        metadata.hasOrientationTag = metadata.hasOrientationTag || header.orientation != .up
        metadata.orientation = header.orientation
        metadata.exifPixelSize = nil

        let halves = header.hasColorFilter
            && header.halfSize == PixelSize(width: (header.size.width + 1) / 2, height: (header.size.height + 1) / 2)
        let exposure = ShootingDetails(exposureTime: header.shutterSeconds, fNumber: header.aperture,
                                       iso: header.iso.flatMap { Int(exactly: $0.rounded()) },
                                       focalLength: header.focalLength, lens: header.lens)
        let contents = RAWContents(
            container: [kind?.rawValue ?? "RAW", header.dngVersion].compactMap { $0 }.joined(separator: " "),
            sensor: halves ? .colorFilter : header.hasColorFilter ? .unevenColorFilter : .fullColor,
            preview: header.preview.map { RAWContents.Preview(kind: $0.kind, size: $0.size) }, exposure: exposure)
        var info = ImageInfo(format: .raw, storedSize: header.size, metadata: metadata,
                             colorModel: ColorModel(.camera(contents)), colorSpace: .sRGB)
        info.embeddedThumbnailSize = header.preview?.size
        return info
    }

    func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize {
        switch route(info, options: options) {
        case .preview(let preview, let numerator, let upright):
            let size = preview.kind == .jpeg ? JPEGCodec.scaledSize(preview.size, numerator: numerator) : preview.size
            return upright ? size.transposed : size
        case .half: return Self.halfSize(info.storedSize)
        case .full: return info.storedSize
        }
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        var route = route(info, options: options)
        if case .preview(let preview, let numerator, let upright) = route {
            do throws(ImagingError) {
                var image = try decodePreview(bytes, preview: preview, numerator: numerator, limits: options.limits)
                // A preview stored upright goes back to the raw data's layout,
                // so that the orientation is applied once, by the core.
                if upright { image = image.applying(info.metadata.orientation.inverse) }
                return ([ImageFrame(image: image)], 8)
            } catch {
                // A damaged preview: the raw data may still be whole.
                route = self.route(info, options: options, usesPreview: false)
            }
        }
        let half = route == .half
        let image = try RAWCodec.decode(bytes, size: half ? Self.halfSize(info.storedSize) : info.storedSize,
                                        halfSize: half, limits: options.limits)
        return ([ImageFrame(image: image)], half ? 4 : 8)
    }

    // MARK: - Choosing what to decode

    enum Route: Equatable {
        /// The embedded preview at `numerator`/8 (JPEG only); `upright` when
        /// it is stored upright rather than as the raw data is.
        case preview(RAWCodec.Preview, numerator: Int, upright: Bool)
        /// LibRaw's half-size decode.
        case half
        case full
    }

    /// The cheapest decode that still covers `options.target`.
    func route(_ info: ImageInfo, options: DecodeOptions, usesPreview: Bool = true) -> Route {
        guard let target = options.target else { return .full }
        let orientation = info.metadata.orientation
        let storedTarget = orientation.swapsDimensions ? target.transposed : target
        let needed = storedTarget.resultSize(for: info.storedSize)
        let contents = info.colorModel.camera
        if usesPreview, let size = info.embeddedThumbnailSize, let kind = contents?.preview?.kind,
           let upright = previewIsUpright(size, info: info) {
            let preview = RAWCodec.Preview(kind: kind, size: size, byteCount: 0)
            // What the preview must give, in its own layout.
            let wanted = upright ? needed.transposed : needed
            if size.width >= wanted.width && size.height >= wanted.height {
                let numerator = kind == .jpeg ? Self.jpegNumerator(size, covering: wanted) : 8
                return .preview(preview, numerator: numerator, upright: upright)
            }
        }
        let half = Self.halfSize(info.storedSize)
        if contents?.sensor == .colorFilter && half.width >= needed.width && half.height >= needed.height {
            return .half
        }
        return .full
    }

    /// Whether a preview of `size` is stored upright (true) or as the raw
    /// data is (false); nil when its shape is neither the image's.
    private func previewIsUpright(_ size: PixelSize, info: ImageInfo) -> Bool? {
        func matches(_ shape: PixelSize) -> Bool {
            let aspect = Double(size.width) / Double(size.height), wanted = Double(shape.width) / Double(shape.height)
            return abs(aspect / wanted - 1) <= Self.previewAspectTolerance
        }
        if matches(info.storedSize) { return false }
        if info.metadata.orientation.swapsDimensions && matches(info.storedSize.transposed) { return true }
        return nil
    }

    /// The smallest DCT scale whose decode of a `size` JPEG still covers `wanted`.
    private static func jpegNumerator(_ size: PixelSize, covering wanted: PixelSize) -> Int {
        for numerator in 1...8 {
            let scaled = JPEGCodec.scaledSize(size, numerator: numerator)
            if scaled.width >= wanted.width && scaled.height >= wanted.height { return numerator }
        }
        return 8
    }

    /// LibRaw's half-size output: one pixel per 2x2 block, rounded up.
    static func halfSize(_ size: PixelSize) -> PixelSize {
        PixelSize(width: (size.width + 1) / 2, height: (size.height + 1) / 2)
    }

    /// The embedded preview, decoded at `numerator`/8 in sRGB, as it is stored.
    private func decodePreview(_ bytes: UnsafeRawBufferPointer, preview: RAWCodec.Preview, numerator: Int,
                               limits: DecodeLimits) throws(ImagingError) -> Image {
        switch try RAWCodec.preview(bytes, maxBytes: limits.maxFileBytes) {
        case .bitmap(let image):
            guard image.size == preview.size else { throw .corrupt(.raw, "the preview is not the size its header says") }
            return image
        case .jpeg(let jpeg):
            let decoded = jpeg.withUnsafeBytes { raw -> Result<Image, ImagingError> in
                Result { () throws(ImagingError) -> Image in
                    try decodePreviewJPEG(raw, preview: preview, numerator: numerator, limits: limits)
                }
            }
            return try decoded.get()
        }
    }

    private func decodePreviewJPEG(_ raw: UnsafeRawBufferPointer, preview: RAWCodec.Preview, numerator: Int,
                                   limits: DecodeLimits) throws(ImagingError) -> Image {
        let header = try JPEGCodec.readHeader(raw)
        guard header.size == preview.size, !header.colorModel.isCMYK else {
            throw .corrupt(.raw, "the preview is not the JPEG its header says")
        }
        try limits.check(frameSize: header.size)
        let scaled = JPEGCodec.scaledSize(header.size, numerator: numerator)
        let (image, damage) = try JPEGCodec.decode(raw, scaledSize: scaled, numerator: numerator, format: .rgb8,
                                                   maxScans: limits.maxProgressiveScans)
        _ = try damage.warning(height: header.size.height)   // a preview mostly grey is no preview
        // A preview that carries a profile is converted here, at the
        // preview's size (rare: cameras write sRGB previews): the file's
        // colours, as ImageInfo tells them, are LibRaw's sRGB.
        guard let icc = JPEGCodec.readICC(raw) else { return image }
        var profiled = image
        profiled.colorSpace = .icc(ColorProfile(icc))
        return profiled.convertedToSRGB()
    }
}

private extension Orientation {
    /// The orientation that undoes this one.
    var inverse: Orientation {
        switch self {
        case .right: .left
        case .left: .right
        default: self
        }
    }
}
