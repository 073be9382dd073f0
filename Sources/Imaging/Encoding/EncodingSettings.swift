/// What a caller asks of an output in any format: each encoder takes what
/// its format can hold (`ImageEncoding.options(for:)`) and leaves the rest.
public struct EncodingSettings: Sendable, Hashable {
    /// 1-100, for lossy formats: higher is closer to the image and larger.
    public var quality: Int
    /// Keep colour at full resolution where a format halves it by default
    /// (JPEG's 4:2:0 becomes 4:4:4).
    public var keepsFullChroma: Bool
    /// Smaller files for more memory and time (JPEG: optimised Huffman
    /// tables, which hold every coefficient of the image).
    public var optimizeHuffman: Bool
    /// The resolution recorded for printing.
    public var dpi: Int?
    /// An EXIF payload ("Exif\0\0" + TIFF) to carry.
    public var exif: [UInt8]?
    /// An ICC profile to embed, when the pixels keep the source's colours.
    public var iccProfile: [UInt8]?
    /// Key and value texts, for formats that hold them (PNG's tEXt).
    public var texts: [EncodingText]
    /// Filmroll's mark, written the format's way; nil: none.
    public var mark: OutputMark?

    public init(quality: Int = 85, keepsFullChroma: Bool = false, optimizeHuffman: Bool = true, dpi: Int? = nil,
                exif: [UInt8]? = nil, iccProfile: [UInt8]? = nil, texts: [EncodingText] = [], mark: OutputMark? = nil) {
        self.quality = quality
        self.keepsFullChroma = keepsFullChroma
        self.optimizeHuffman = optimizeHuffman
        self.dpi = dpi
        self.exif = exif
        self.iccProfile = iccProfile
        self.texts = texts
        self.mark = mark
    }
}

/// A key and a text stored in a file (a PNG `tEXt` chunk).
public struct EncodingText: Sendable, Hashable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
