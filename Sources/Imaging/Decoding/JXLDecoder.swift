/// Decodes JPEG XL through libjxl: bare codestreams and the container, 8 to
/// 16 bits (and float) per sample decoded to 8, alpha, animations; a
/// thumbnail that needs an eighth of the picture or less is made from the
/// DC pass alone. The codestream's orientation is the picture's (an Exif
/// box's Orientation is reported, never applied: the JPEG XL specification
/// says the codestream's takes precedence); the pixels stay as stored and
/// the core turns the small result, as for JPEG. Colours: sRGB, or the ICC
/// profile libjxl gives for the decoded pixels (the file's own, or one it
/// synthesises from the colour encoding the file names). A CMYK picture (C,
/// M and Y as its colour channels, K as a black extra channel, each stored
/// as 1 - ink as in Adobe's CMYK JPEGs) goes through its CMYK profile with
/// lcms2, as a CMYK JPEG does; without a usable profile, each colour sample
/// times black. Metadata: the Exif
/// box through `EXIFReader`, the `xml ` box through `XMPReader`.
///
/// Related documentation: ISO/IEC 18181-1 (codestream) and 18181-2 (file
/// format); libjxl's `jxl/decode.h`.
extension ImageFormat {
    public static let jpegXL = ImageFormat(rawValue: "jxl", displayName: "JPEG XL")
}

struct JXLDecoder: ImageDecoding {
    var format: ImageFormat { .jpegXL }
    var fileExtensions: [String] { ["jxl"] }
    var library: LibraryVersion? { LibraryVersion(name: "libjxl", version: JXLCodec.version) }

    /// The bare codestream's marker.
    static let codestreamSignature: [UInt8] = [0xFF, 0x0A]
    /// The container's first box: size 12, type "JXL ", then 0D 0A 87 0A.
    static let containerSignature: [UInt8] = [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
    /// The largest Exif or XMP box kept, once decompressed (a brob box could
    /// otherwise inflate without bound).
    static let maxMetadataBoxBytes = 16 << 20
    /// The DC pass is an eighth of the picture in each direction.
    static let dcFactor = 8

    func sniff(_ head: [UInt8]) -> Bool {
        head.starts(with: Self.codestreamSignature) || head.starts(with: Self.containerSignature)
    }

    /// libjxl's own buffers (about 4 bytes a pixel for a VarDCT picture,
    /// more for a lossless one, whose channels are 32-bit integers while
    /// decoded), and the full-size RGBA scratch a DC shrink averages down.
    /// A CMYK picture's inks and black plane are held apart (4 bytes) and merged.
    func workingBytesPerPixel(_ info: ImageInfo) -> Int {
        (info.colorModel.coding == .lossy ? 4 : 12) + (info.hasAlpha ? 4 : 3) + (info.colorModel.isCMYK ? 4 : 0)
    }

    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let header = try JXLCodec.readHeader(bytes, maxPixels: limits.maxPixelsPerFrame, maxFrames: limits.maxFrames,
                                             maxBoxBytes: Self.maxMetadataBoxBytes)
        try limits.check(frameSize: header.size)
        var metadata = ImageMetadata()
        if let exif = header.exif {
            exif.withUnsafeBytes { EXIFReader.read($0, into: &metadata) }
            // The codestream's orientation supersedes the Exif box's.
            if metadata.hasOrientationTag { metadata.ignoredEXIFOrientation = metadata.orientation }
        }
        metadata.orientation = header.orientation
        metadata.hasOrientationTag = header.orientation != .up
        if let xmp = header.xmp {
            xmp.withUnsafeBytes { XMPReader.read($0, into: &metadata) }
        }
        if header.isAnimated {
            metadata.frameCount = header.frameCount
            metadata.loop = header.loopCount == 0 ? .forever : header.loopCount == 1 ? .once : .repeats(header.loopCount - 1)
        }
        // A CMYK picture's alpha is dropped, as a CMYK TIFF's is.
        let hasAlpha = header.hasAlpha && !header.isCMYK
        let colorModel = ColorModel(header.isGray ? .gray : header.isCMYK ? .cmyk : .rgb, alpha: hasAlpha,
                                    bitsPerSample: header.bitsPerSample, float: header.hasFloatSamples,
                                    coding: header.hasJPEGReconstruction ? .recompressedJPEG
                                        : header.isLossy ? .lossy : .lossless)
        let warnings = header.isTruncated ? ["the JPEG XL file ends inside a frame"] : []
        return ImageInfo(format: .jpegXL, storedSize: header.size, metadata: metadata,
                         colorModel: colorModel, hasAlpha: hasAlpha,
                         colorSpace: header.icc.map { .icc(ColorProfile($0)) } ?? .sRGB, warnings: warnings)
    }

    /// An eighth of the stored size (rounded up) when that still covers the
    /// target, else the stored size.
    func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize {
        usesDCPass(info, options: options) ? Self.dcSize(of: info.storedSize) : info.storedSize
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        let count = decodedFrameCount(info, options: options)
        if info.colorModel.isCMYK {
            // The inks as stored, through the picture's CMYK profile.
            let transform = cmykTransform(info)
            let frames = try JXLCodec.decode(bytes, size: info.storedSize, format: transform != nil ? .rgba8 : .rgb8,
                                             shrink: 1, frames: count, threads: options.codecThreads,
                                             rawCMYK: transform != nil)
            guard let transform else { return (frames, 8) }
            return (frames.map { ImageFrame(image: transform.apply(to: $0.image), delayMilliseconds: $0.delayMilliseconds) }, 8)
        }
        let pixelFormat: PixelFormat = info.hasAlpha ? .rgba8 : info.colorModel.isGray ? .gray8 : .rgb8
        if usesDCPass(info, options: options) {
            let frames = try JXLCodec.decode(bytes, size: Self.dcSize(of: info.storedSize), format: pixelFormat,
                                             shrink: Self.dcFactor, threads: options.codecThreads)
            return (frames, 1)
        }
        let frames = try JXLCodec.decode(bytes, size: info.storedSize, format: pixelFormat, shrink: 1, frames: count,
                                         threads: options.codecThreads)
        return (frames, 8)
    }

    /// The Exif box as an APP1 payload.
    func exifPayload(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        let limits = DecodeLimits.default
        guard let header = try? JXLCodec.readHeader(bytes, maxPixels: limits.maxPixelsPerFrame, maxFrames: limits.maxFrames,
                                                    maxBoxBytes: Self.maxMetadataBoxBytes),
              let exif = header.exif else { return nil }
        return Array("Exif\0\0".utf8) + exif
    }

    /// The transform of a CMYK picture's CMYK profile, if lcms2 can build
    /// one (JPEG XL stores 1 - ink, as Adobe's JPEGs do).
    private func cmykTransform(_ info: ImageInfo) -> ColorTransform? {
        guard case .icc(let profile) = info.colorSpace else { return nil }
        return ColorManagement.transform(from: profile, input: .cmyk8Inverted)
    }

    /// Whether the DC pass alone covers what the caller needs: one frame (not
    /// CMYK, whose black plane is decoded with the rest), and the target (upright, so turned to the stored orientation first)
    /// no larger than an eighth of the picture.
    private func usesDCPass(_ info: ImageInfo, options: DecodeOptions) -> Bool {
        guard let target = options.target, decodedFrameCount(info, options: options) == 1,
              !info.colorModel.isCMYK else { return false }
        let storedTarget = info.metadata.orientation.swapsDimensions ? target.transposed : target
        let needed = storedTarget.resultSize(for: info.storedSize)
        let dc = Self.dcSize(of: info.storedSize)
        return needed.width <= dc.width && needed.height <= dc.height && dc != info.storedSize
    }

    private static func dcSize(of stored: PixelSize) -> PixelSize {
        PixelSize(width: (stored.width + dcFactor - 1) / dcFactor, height: (stored.height + dcFactor - 1) / dcFactor)
    }
}
