/// Image formats Filmroll recognises by their first bytes but cannot
/// decode, so that such a file is reported as "unsupported format (TIFF)"
/// rather than as a file that is not an image.
///
/// Like `ImageFormat`, only the content decides, never the file name.
public enum UnsupportedFormat: String, Sendable, Hashable, CaseIterable {
    case tiff
    /// Canon CR2: a TIFF with "CR" at byte 8.
    case canonCR2
    /// Canon CR3: ISO-BMFF with the brand `crx `.
    case canonCR3
    case jpegXL
    case bmp
    case photoshop
    case icon

    /// Bytes `sniff` looks at; fewer are enough for most formats.
    public static let signatureLength = 16

    /// "TIFF", "CR2 RAW", "JPEG XL" …, as error messages say it.
    public var displayName: String {
        switch self {
        case .tiff: "TIFF"
        case .canonCR2: "CR2 RAW"
        case .canonCR3: "CR3 RAW"
        case .jpegXL: "JPEG XL"
        case .bmp: "BMP"
        case .photoshop: "PSD"
        case .icon: "ICO"
        }
    }

    /// The format whose signature starts `bytes`, or nil when none matches.
    ///
    /// TIFF-based RAW files other than CR2 (NEF, ARW, DNG, …) cannot be told
    /// from a TIFF by their first bytes, and are reported as TIFF.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> UnsupportedFormat? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(signatureLength))
        func has(_ text: String, at offset: Int) -> Bool {
            let expected = Array(text.utf8)
            return head.count >= offset + expected.count && Array(head[offset..<offset + expected.count]) == expected
        }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return has("CR", at: 8) ? .canonCR2 : .tiff
        }
        if head.starts(with: [0xFF, 0x0A])
            || head.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            return .jpegXL
        }
        if has("ftyp", at: 4) && has("crx ", at: 8) { return .canonCR3 }
        if has("8BPS", at: 0) { return .photoshop }
        // Reserved 0, type 1, 1 to 255 images, the first entry's reserved byte 0.
        if head.starts(with: [0x00, 0x00, 0x01, 0x00]) && head.count >= 10 && head[4] != 0 && head[5] == 0 && head[9] == 0 {
            return .icon
        }
        // "BM", then a file size and two reserved 16-bit zeros: a bare "BM" is too common in text.
        if has("BM", at: 0) && head.count >= 10 && head[6..<10].allSatisfy({ $0 == 0 }) { return .bmp }
        return nil
    }
}
