/// Decodes JPEGs, shrinking while decoding when the caller needs less
/// than full size, reading EXIF and XMP from the APP1 segments, IPTC's
/// date from the APP13 Photoshop resources, and the colour profile from the APP2 ICC_PROFILE segments. XMP fills in the
/// date and camera EXIF lacks, never the orientation: a JPEG's orientation
/// is its EXIF's alone, as browsers and libvips read it.
extension ImageFormat {
    public static let jpeg = ImageFormat(rawValue: "jpeg", displayName: "JPEG")
}

struct JPEGDecoder: ImageDecoding {
    var format: ImageFormat { .jpeg }
    var fileExtensions: [String] { ["jpg", "jpeg", "jpe", "jfif"] }

    func sniff(_ head: [UInt8]) -> Bool { head.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// A progressive JPEG's coefficients are held whole.
    func workingBytesPerPixel(_ info: ImageInfo) -> Int { info.isProgressive ? 3 : 0 }

    func exifPayload(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let header = try? JPEGCodec.readHeader(bytes), let slice = bytes.slice(header.exifRange) else { return nil }
        return Array(slice)
    }

    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let header = try JPEGCodec.readHeader(bytes)
        var metadata = ImageMetadata()
        if let exif = bytes.slice(header.exifRange) { EXIFReader.read(exif, into: &metadata) }
        let motionXMP = bytes.slice(header.xmpRange).flatMap { XMPReader.readWithMotionPhoto($0, into: &metadata) }
        metadata.captureDates[.iptc] = bytes.slice(header.photoshopRange).flatMap(IPTCDate.inPhotoshopResources)
        // A motion photo's video that cannot be found is a warning; the still reads as ever.
        let motion = MotionPhotoLocator.inJPEG(bytes, xmp: motionXMP)
        metadata.motionPhoto = motion.clip
        let colorSpace: ColorSpace = JPEGCodec.readICC(bytes).map { .icc(ColorProfile($0)) } ?? .sRGB
        return ImageInfo(format: .jpeg, storedSize: header.size, metadata: metadata,
                         colorModel: header.colorModel, isProgressive: header.isProgressive, colorSpace: colorSpace,
                         warnings: header.warnings + motion.warnings)
    }

    func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize {
        JPEGCodec.scaledSize(info.storedSize, numerator: ShrinkOnLoad.jpegScale(for: info, target: options.target))
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        let (frames, scale, _) = try decodeStoredWithWarnings(bytes, info: info, options: options)
        return (frames, scale)
    }

    /// The picture, with libjpeg's warnings as one line; a scan whose data
    /// ends in the upper half of the picture is an error (see `JPEGDamage`).
    func decodeStoredWithWarnings(_ bytes: UnsafeRawBufferPointer, info: ImageInfo, options: DecodeOptions)
        throws(ImagingError) -> (frames: [ImageFrame], scale: Int, warnings: [String]) {
        // The target is upright; the DCT scale applies to the stored image.
        let numerator = ShrinkOnLoad.jpegScale(for: info, target: options.target)
        let scaled = JPEGCodec.scaledSize(info.storedSize, numerator: numerator)
        let transform = cmykTransform(info)
        // CMYK: the inks as stored, through the file's CMYK profile.
        let format: PixelFormat = transform != nil ? .rgba8 : info.colorModel.isGray ? .gray8 : .rgb8
        let (image, damage) = try JPEGCodec.decode(bytes, scaledSize: scaled, numerator: numerator, format: format,
                                                   maxScans: options.limits.maxProgressiveScans, rawCMYK: transform != nil)
        let warning = try damage.warning(height: info.storedSize.height, excluding: info.warnings)
        return ([ImageFrame(image: transform?.apply(to: image) ?? image)], numerator, warning.map { [$0] } ?? [])
    }

    /// The transform of a CMYK or YCCK file's embedded CMYK profile, if any.
    private func cmykTransform(_ info: ImageInfo) -> ColorTransform? {
        guard info.colorModel.isCMYK, case .icc(let profile) = info.colorSpace else { return nil }
        // Adobe files (and every YCCK file) store 255 - ink.
        let input: ColorManagement.Input = info.colorModel.kind == .cmyk ? .cmyk8 : .cmyk8Inverted
        return ColorManagement.transform(from: profile, input: input)
    }
}
