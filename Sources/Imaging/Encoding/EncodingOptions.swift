/// How a JPEG is written.
public struct JPEGEncodingOptions: Sendable, Hashable {
    public enum ChromaSubsampling: Sendable, Hashable {
        /// 4:2:0, the usual choice for photos.
        case yuv420
        /// 4:4:4, full colour resolution.
        case none
    }

    public var quality: Int
    public var chromaSubsampling: ChromaSubsampling
    public var progressive: Bool
    public var optimizeHuffman: Bool
    /// Written as JFIF density so the file prints at the intended size.
    public var dpi: Int?
    /// An APP1 payload ("Exif\0\0" + TIFF) to embed, if any.
    public var exif: [UInt8]?
    /// Text for a COM marker (Filmroll's `OutputMark`), if any.
    public var comment: String?
    /// An ICC profile to embed (APP2) when the pixels keep the source's colours.
    public var iccProfile: [UInt8]?

    public init(quality: Int = 85, chromaSubsampling: ChromaSubsampling = .yuv420, progressive: Bool = false,
                optimizeHuffman: Bool = true, dpi: Int? = nil, exif: [UInt8]? = nil, comment: String? = nil,
                iccProfile: [UInt8]? = nil) {
        self.iccProfile = iccProfile
        self.quality = quality
        self.chromaSubsampling = chromaSubsampling
        self.progressive = progressive
        self.optimizeHuffman = optimizeHuffman
        self.dpi = dpi
        self.exif = exif
        self.comment = comment
    }
}

/// How a PNG is written.
public struct PNGEncodingOptions: Sendable, Hashable {
    public typealias Text = EncodingText

    /// zlib level 0...9.
    public var compressionLevel: Int
    /// Written as a pHYs chunk.
    public var dpi: Int?
    /// tEXt chunks (Latin-1 keys of 1-79 characters).
    public var texts: [Text]
    /// An EXIF payload ("Exif\0\0" + TIFF, as in JPEG) to write as an eXIf chunk.
    public var exif: [UInt8]?
    /// An ICC profile to embed (iCCP) when the pixels keep the source's colours.
    public var iccProfile: [UInt8]?
    /// The rendering intent (0...3) of an sRGB chunk, written instead of an
    /// sRGB profile (`PNGEncoder` puts one here for such a profile).
    public var srgbIntent: Int?

    public init(compressionLevel: Int = 6, dpi: Int? = nil, texts: [Text] = [], exif: [UInt8]? = nil,
                iccProfile: [UInt8]? = nil) {
        self.iccProfile = iccProfile
        self.compressionLevel = compressionLevel
        self.dpi = dpi
        self.texts = texts
        self.exif = exif
    }
}
