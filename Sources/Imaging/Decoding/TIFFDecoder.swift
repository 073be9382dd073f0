extension ImageFormat {
    public static let tiff = ImageFormat(rawValue: "tiff", displayName: "TIFF")
}

/// Decodes TIFF files (scans, exports, prints) through libtiff: the first
/// page only, shrunk by 2, 4 or 8 while its rows are read when the caller
/// needs half the size or less (as a JPEG's DCT scaling does); EXIF from the
/// page's own directory and its EXIF and GPS directories, XMP filling what
/// EXIF lacks; the colours of the page's ICC profile, a CMYK page's inks
/// through its CMYK profile, a Lab page (CIELab, ICCLab, ITULab) through
/// lcms2's D50 Lab profile to sRGB. Samples of 9 to 15 or 32 bits and
/// floats (16, 32 or 64-bit) are narrowed to 8 bits: integers scaled by
/// 255 / (2^n - 1), floats taken as 0...1 (clamped) and scaled by 255, with
/// no curve applied (docs/features.md says why).
///
/// Camera RAW files are TIFF-structured too; a RAW decoder, registered
/// before this one, claims them. A CR2 (which says so at byte 8) is left to
/// `UnsupportedFormat` when no decoder claims it.
struct TIFFDecoder: ImageDecoding {
    var format: ImageFormat { .tiff }
    var fileExtensions: [String] { ["tif", "tiff"] }
    var library: LibraryVersion? { LibraryVersion(name: "libtiff", version: TIFFCodec.version) }

    /// "II*\0", "MM\0*", and BigTIFF's "II+\0", "MM\0+".
    func sniff(_ head: [UInt8]) -> Bool {
        let signatures: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A],
                                     [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]]
        guard signatures.contains(where: { head.starts(with: $0) }) else { return false }
        let isCR2 = head.count >= 10 && head[8] == 0x43 && head[9] == 0x52   // "CR"
        return !isCR2
    }

    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let header = try TIFFCodec.readHeader(bytes)
        try limits.check(frameSize: header.size)
        var metadata = ImageMetadata()
        if let exif = header.exif { exif.withUnsafeBytes { EXIFReader.read($0, into: &metadata) } }
        if let xmp = header.xmp { xmp.withUnsafeBytes { XMPReader.read($0, into: &metadata) } }
        metadata.captureDates[.iptc] = TIFFIPTC.date(in: bytes)
        // The page's Orientation tag is the one the compact EXIF carries;
        // libtiff's reading of it decides.
        if let orientation = header.orientation {
            metadata.orientation = Orientation(exifValue: orientation)
            metadata.hasOrientationTag = true
        }
        // A Lab page comes out in sRGB whatever profile it carries.
        let colorSpace: ColorSpace = header.photometric == .lab ? .sRGB : header.icc.map { .icc(ColorProfile($0)) } ?? .sRGB
        return ImageInfo(format: .tiff, storedSize: header.size, metadata: metadata, colorModel: header.colorModel,
                         hasAlpha: header.hasAlpha, colorSpace: colorSpace)
    }

    /// Rows and block sums are a few rows' worth; a CMYK page's inks are
    /// held (4 bytes a pixel) while its profile turns them into RGB, and a
    /// compressed planar page is read a strip of every plane at a time
    /// (up to the whole page, 16-bit samples taken as the worst).
    func workingBytesPerPixel(_ info: ImageInfo) -> Int {
        if info.colorModel.isCMYK { return 4 }
        if info.colorModel.isPlanar { return (info.hasAlpha ? 5 : 4) * 2 }
        return 0
    }

    func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize {
        TIFFCodec.scaledSize(info.storedSize, shrink: Self.shrink(for: info, target: options.target))
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        let shrink = Self.shrink(for: info, target: options.target)
        if let transform = cmykTransform(info) {
            // The inks as stored, through the page's CMYK profile.
            let inks = try TIFFCodec.decode(bytes, storedSize: info.storedSize, shrink: shrink, format: .rgba8,
                                            rawCMYK: true)
            return ([ImageFrame(image: transform.apply(to: inks))], 8 / shrink)
        }
        let image = try TIFFCodec.decode(bytes, storedSize: info.storedSize, shrink: shrink,
                                         format: Self.pixelFormat(info))
        return ([ImageFrame(image: image)], 8 / shrink)
    }

    /// As APP1 ("Exif\0\0" + a small TIFF holding the page's EXIF tags).
    func exifPayload(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let exif = try? TIFFCodec.readHeader(bytes).exif else { return nil }
        return Array("Exif\0\0".utf8) + exif
    }

    /// The box shrink (1, 2, 4 or 8) whose result still covers the target
    /// (upright; the shrink applies to the stored page): the largest whose
    /// size is at least the target's result size both ways; 1 without a target.
    static func shrink(for info: ImageInfo, target: TargetSize?) -> Int {
        guard let target else { return 1 }
        let storedTarget = info.metadata.orientation.swapsDimensions ? target.transposed : target
        let needed = storedTarget.resultSize(for: info.storedSize)
        var shrink = 1
        while shrink < 8 {
            let smaller = TIFFCodec.scaledSize(info.storedSize, shrink: shrink * 2)
            guard smaller.width >= needed.width && smaller.height >= needed.height else { break }
            shrink *= 2
        }
        return shrink
    }

    /// What the page decodes to, by the rule cimaging_tiff.h states: RGBA
    /// with alpha, grey for a grey page, RGB otherwise (CMYK included).
    static func pixelFormat(_ info: ImageInfo) -> PixelFormat {
        info.hasAlpha ? .rgba8 : info.colorModel.isGray ? .gray8 : .rgb8
    }

    /// The transform of a CMYK page's embedded CMYK profile, if any (TIFF
    /// stores ink amounts, 0 = none; not inverted as Adobe's JPEGs).
    private func cmykTransform(_ info: ImageInfo) -> ColorTransform? {
        guard info.colorModel.isCMYK, case .icc(let profile) = info.colorSpace else { return nil }
        return ColorManagement.transform(from: profile, input: .cmyk8)
    }
}
