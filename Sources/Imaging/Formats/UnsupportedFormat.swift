/// Image formats Filmroll recognises by their first bytes but cannot
/// decode, so that such a file is reported as "unsupported format (PSD)"
/// rather than as a file that is not an image. A format a registered
/// decoder claims is never one of these (`ImageDecoders` sniffs first).
///
/// Like `ImageFormat`, only the content decides, never the file name.
public enum UnsupportedFormat: String, Sendable, Hashable, CaseIterable {
    case bmp
    case photoshop
    case icon

    /// Bytes `sniff` looks at; fewer are enough for most formats.
    public static let signatureLength = 16

    /// "BMP", "PSD", "ICO", as error messages say it.
    public var displayName: String {
        switch self {
        case .bmp: "BMP"
        case .photoshop: "PSD"
        case .icon: "ICO"
        }
    }

    /// The format whose signature starts `bytes`, or nil when none matches.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> UnsupportedFormat? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(signatureLength))
        func has(_ text: String, at offset: Int) -> Bool {
            let expected = Array(text.utf8)
            return head.count >= offset + expected.count && Array(head[offset..<offset + expected.count]) == expected
        }
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
