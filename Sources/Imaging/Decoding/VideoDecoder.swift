extension ImageFormat {
    public static let quickTime = ImageFormat(rawValue: "mov", displayName: "QuickTime")
    public static let mp4 = ImageFormat(rawValue: "mp4", displayName: "MP4")
}

/// Reads videos (QuickTime MOV, MP4, M4V, 3GP: any codec FFmpeg decodes)
/// as items of a photo folder: their header gives the clip's facts
/// (`ImageMetadata.video`), date, place and turn; their "decode" is the
/// poster frame (`VideoPoster`), upright through the display matrix, made
/// no larger than the caller's target needs. FFmpeg reads the file itself,
/// by path: a video is never read whole into memory.
///
/// Related documentation: ISO/IEC 14496-12 (`ftyp`); Apple's QuickTime File
/// Format (metadata keys `com.apple.quicktime.*`); ISO 6709 (locations).
struct VideoDecoder: ImageDecoding {
    let format: ImageFormat

    /// MP4-family major brands of an `ftyp` box (HEIF's and CR3's are claimed before).
    private static let mp4Brands: Set = ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH",
                                         "M4VP", "M4A ", "3gp4", "3gp5", "3gp6", "3gp7", "3g2a", "3g2b", "MSNV", "mmp4",
                                         "dash", "XAVC", "f4v "]
    /// Atoms that start QuickTime files older than the `ftyp` box.
    private static let quickTimeAtoms: Set = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    var fileExtensions: [String] { format == .quickTime ? ["mov", "qt"] : ["mp4", "m4v", "3gp", "3g2"] }
    var signatureLength: Int { 12 }
    var readsFiles: Bool { true }

    func sniff(_ head: [UInt8]) -> Bool {
        guard head.count >= 12 else { return false }
        let type = String(decoding: head[4..<8], as: UTF8.self)
        if type == "ftyp" {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            return format == .quickTime ? brand == "qt  " : Self.mp4Brands.contains(brand)
        }
        return format == .quickTime && Self.quickTimeAtoms.contains(type)
    }

    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        preconditionFailure("videos are read by path")
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        preconditionFailure("videos are read by path")
    }

    func readInfo(path: String, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let reader = try reader(for: path, limits: limits)
        let header = reader.header
        var metadata = ImageMetadata()
        VideoTags(reader.tags()).read(into: &metadata)
        metadata.orientation = Orientation(clockwiseTurn: header.rotation)
        metadata.hasOrientationTag = header.rotation != 0
        let seconds = header.durationTicks > 0
            ? Double(header.durationTicks) * Double(header.tick.numerator) / Double(header.tick.denominator)
            : header.containerSeconds
        metadata.video?.durationSeconds = seconds
        metadata.video?.codec = header.codec + (Self.professionalProfiles[header.h264Profile].map { " (\($0))" } ?? "")
        metadata.video?.frameRate = header.frameRate.map { Double($0.numerator) / Double($0.denominator) }
        metadata.video?.hasAudio = header.hasAudio
        metadata.video?.soundPlaysInBrowsers = header.soundPlaysInBrowsers
        // A Live Photo's MOV marks its still in a timed metadata track, which FFmpeg does not read.
        if format == .quickTime, metadata.video?.stillImageSeconds == nil,
           let still = StillImageTime.seconds(inFileAt: path), still >= 0, seconds <= 0 || still <= seconds {
            metadata.video?.stillImageSeconds = still
        }
        // Frames are converted with the matrix the stream declares, to RGB in the stream's
        // primaries and curve: BT.709 is taken as sRGB; others (BT.2020, and HDR's HLG and
        // PQ, tone-mapped) are converted to sRGB after the last resize, as a photo's profile is.
        return ImageInfo(format: format, storedSize: header.size, metadata: metadata, colorModel: ColorModel(.video(codec: header.codec)),
                         colorSpace: Self.colorSpace(of: header.color))
    }

    /// H.264 profiles of more than 8-bit 4:2:0, which cameras record and browsers do not play.
    static let professionalProfiles = [110: "High 10", 122: "High 4:2:2", 244: "High 4:4:4", 44: "CAVLC 4:4:4"]

    /// The colour space of a stream's pictures once in RGB: sRGB when it says BT.709
    /// (or nothing), or says what no profile describes.
    static func colorSpace(of color: CICP) -> ColorSpace {
        color.isSRGB || color.chromaticities == nil || color.transferCurve == nil ? .sRGB : .cicp(color)
    }

    /// FFmpeg's decoder holds its reference frames and those in flight, 4:2:0
    /// (1.5 bytes a pixel) each: about ten for HEVC and H.264 at their levels.
    func workingBytesPerPixel(_ info: ImageInfo) -> Int { 16 }

    func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize {
        VideoPoster.decodedSize(info, target: options.target)
    }

    func decodeStored(path: String, info: ImageInfo, options: DecodeOptions) throws(ImagingError)
        -> (frames: [ImageFrame], scale: Int) {
        let reader = try reader(for: path, limits: options.limits, threads: options.codecThreads)
        let size = decodedSize(info, options: options)
        let poster = try converting { () throws(ImagingError) in try VideoPoster.find(in: reader, size: size, info: info) }
        return ([ImageFrame(image: poster)], max(1, 8 * size.width / max(1, info.storedSize.width)))
    }

    private func reader(for path: String, limits: DecodeLimits, threads: Int = 1) throws(ImagingError) -> VideoCodec.Reader {
        try converting { () throws(ImagingError) in
            try VideoCodec.Reader(path: path, quick: true, threads: threads, maxPixels: limits.maxPixelsPerFrame)
        }
    }

    /// FFmpeg's failures, as the file's.
    private func converting<T>(_ body: () throws(ImagingError) -> T) throws(ImagingError) -> T {
        do { return try body() } catch {
            if case .videoDecodingFailed(let reason) = error { throw .corrupt(format, reason) }
            throw error
        }
    }
}

extension Orientation {
    /// The orientation of a frame that players turn `degrees` clockwise (0, 90, 180, 270).
    init(clockwiseTurn degrees: Int) {
        switch degrees {
        case 90: self = .right
        case 180: self = .down
        case 270: self = .left
        default: self = .up
        }
    }
}
