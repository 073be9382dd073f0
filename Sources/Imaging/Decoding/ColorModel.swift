/// What a file's pixels are stored as, from its header: the kind of samples,
/// an alpha channel, the bit depth and how the format coded them. Decoders
/// branch on these facts; `description` is what `filmroll info` shows
/// ("RGB 8-bit", "CMYK (Adobe)", "gray+alpha 16-bit, lossless", "video (hevc)").
public struct ColorModel: Sendable, Hashable, CustomStringConvertible {
    /// The samples of a pixel, or what stands for them in formats that do not tell.
    public enum Kind: Sendable, Hashable {
        /// One sample (TIFF's min-is-white too: it decodes as grey).
        case gray
        case rgb
        /// Indexes into a colour table.
        case palette
        /// Four inks, 0 = none (TIFF, a JPEG without Adobe's marker); JPEG XL's
        /// CMYK too, whose decoder knows it stores 1 − ink.
        case cmyk
        /// Four inks stored as 255 - ink: a CMYK JPEG with Adobe's APP14 marker.
        case invertedCMYK
        /// A JPEG's inks as YCC plus black, stored inverted as Adobe's are.
        case ycck
        /// A JPEG's luma and chroma, or a TIFF's (JPEG-compressed) page.
        case ycbcr
        /// TIFF CIELab, ICCLab or ITULab.
        case lab
        /// TIFF LogLuv (high dynamic range).
        case logLuv
        /// TIFF min-is-black or min-is-white with more than one colour sample.
        case multiSample
        /// TIFF transparency mask.
        case mask
        /// TIFF separated inks other than CMYK.
        case separated
        /// A TIFF photometric interpretation without a name here.
        case photometric(Int)
        /// WebP: tells its coding (`coding`), not its samples.
        case webP
        /// A camera RAW file: its container, sensor, preview and exposure.
        case camera(RAWContents)
        /// A video's first stream, by FFmpeg's codec name ("h264", "hevc").
        case video(codec: String)
    }

    /// How the format coded the pixels, where its colour model tells it.
    public enum Coding: String, Sendable, Hashable {
        case lossy
        case lossless
        /// JPEG XL holding a JPEG's coefficients (it can be rebuilt bit for bit).
        case recompressedJPEG = "recompressed JPEG"
        /// A WebP animation (its frames each lossy or lossless).
        case animation
    }

    public var kind: Kind
    /// An alpha sample stored beside the colour ones (a WebP's alpha plane).
    /// A PNG's tRNS chunk or a GIF's transparent index is none: `ImageInfo.hasAlpha`
    /// tells whether the pixels decode with alpha.
    public var hasAlphaChannel: Bool
    /// Bits per colour sample; nil where the format's model does not tell it (JPEG, GIF, WebP, RAW, video).
    public var bitsPerSample: Int?
    /// Floating-point samples (JPEG XL).
    public var hasFloatSamples: Bool
    public var coding: Coding?
    /// One plane per sample rather than interleaved (TIFF).
    public var isPlanar: Bool
    /// Pages in the file (TIFF); only the first is decoded.
    public var pageCount: Int

    public init(_ kind: Kind, alpha: Bool = false, bitsPerSample: Int? = nil, float: Bool = false,
                coding: Coding? = nil, isPlanar: Bool = false, pageCount: Int = 1) {
        self.kind = kind
        hasAlphaChannel = alpha
        self.bitsPerSample = bitsPerSample
        hasFloatSamples = float
        self.coding = coding
        self.isPlanar = isPlanar
        self.pageCount = pageCount
    }

    /// Inks in any form (CMYK, Adobe's inverted CMYK, YCCK): decoded to RGB,
    /// through the file's CMYK profile when it has one.
    public var isCMYK: Bool {
        switch kind {
        case .cmyk, .invertedCMYK, .ycck: true
        default: false
        }
    }

    /// One colour sample (with or without alpha): decodes to grey.
    public var isGray: Bool { kind == .gray }

    /// What LibRaw reads of a camera RAW file; nil for every other format.
    public var camera: RAWContents? {
        if case .camera(let contents) = kind { return contents }
        return nil
    }

    /// "RGB 8-bit", "gray+alpha 16-bit float, lossless", "RGB 8-bit, planar, 3 pages",
    /// "CMYK (Adobe)", "lossy with alpha" (WebP), "palette" (GIF), "video (h264)".
    public var description: String {
        switch kind {
        case .camera(let contents): return contents.description
        case .video(let codec): return "video (\(codec))"
        case .webP: return (coding?.rawValue ?? "WebP") + (hasAlphaChannel ? " with alpha" : "")
        default: break
        }
        var text = samplesName
        if let bitsPerSample { text += " \(bitsPerSample)-bit" + (hasFloatSamples ? " float" : "") }
        if isPlanar { text += ", planar" }
        if pageCount > 1 { text += ", \(pageCount) pages" }
        if let coding { text += ", " + coding.rawValue }
        return text
    }

    /// "gray+alpha", "RGBA", "CMYK (Adobe)", "photometric 32844".
    private var samplesName: String {
        let name = switch kind {
        case .gray: "gray"
        case .rgb: "RGB"
        case .palette: "palette"
        case .cmyk: "CMYK"
        case .invertedCMYK: "CMYK (Adobe)"
        case .ycck: "YCCK"
        case .ycbcr: "YCbCr"
        case .lab: "Lab"
        case .logLuv: "LogLuv"
        case .multiSample: "multi-sample"
        case .mask: "mask"
        case .separated: "separated"
        case .photometric(let code): "photometric \(code)"
        case .webP, .camera, .video: ""
        }
        guard hasAlphaChannel else { return name }
        return name + (kind == .gray ? "+alpha" : "A")
    }
}
