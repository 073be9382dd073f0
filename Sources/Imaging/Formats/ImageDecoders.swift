import Files

/// The formats Filmroll reads: one decoder per format, in the order their
/// signatures are tried (a camera RAW's before TIFF's, which it resembles).
///
/// Nothing else in Filmroll lists formats: the folder walk's extensions,
/// error messages, help and the man page read this registry, as Nuke's
/// `ImageDecoderRegistry` and libvips' `foreign/` loaders are read.
public enum ImageDecoders {
    /// The decoders built in: one line each.
    static let builtIn: [any ImageDecoding] = [
        JPEGDecoder(),
        PNGDecoder(),
        GIFDecoder(),
        HEIFDecoder(format: .heif),
        HEIFDecoder(format: .avif),
        WebPDecoder(),
        RAWDecoder(),   // before TIFF's: NEF, ARW, DNG, PEF, SRW and an IIQ's wrapper are TIFF files
        TIFFDecoder(),
        JXLDecoder(),
        VideoDecoder(format: .quickTime),   // after HEIF's and RAW's, which are ISO files too
        VideoDecoder(format: .mp4),
    ]

    private static let registered = Locked<[any ImageDecoding]>(builtIn)

    /// Every decoder, built-in first, then those registered at run time.
    public static var all: [any ImageDecoding] { registered.withLock { $0 } }

    /// Adds a decoder after the others (a format only a program or a test knows).
    public static func register(_ decoder: any ImageDecoding) {
        registered.withLock { $0.append(decoder) }
    }

    /// The decoder of the file that starts with `head`, or nil.
    public static func decoder(forHead head: [UInt8]) -> (any ImageDecoding)? {
        all.first { $0.sniff(Array(head.prefix($0.signatureLength))) }
    }

    /// The decoder of `format`, or nil when none is registered.
    public static func decoder(for format: ImageFormat) -> (any ImageDecoding)? {
        all.first { $0.format == format }
    }

    /// Bytes from the start of a file that every decoder's `sniff` needs.
    public static var signatureLength: Int { all.map(\.signatureLength).max() ?? 64 }

    /// Every file-name extension a decoder claims, lowercase.
    public static var fileExtensions: Set<String> { Set(all.flatMap(\.fileExtensions)) }

    /// "JPEG, PNG, GIF, HEIF, AVIF, WebP": the formats read, for help and errors.
    public static var formatList: String {
        var seen = Set<String>()
        return all.map(\.format.displayName).filter { seen.insert($0).inserted }.joined(separator: ", ")
    }
}
