/// The file formats Filmroll reads, recognised by their first bytes.
///
/// The file extension never decides: a JPEG named `.png` is a JPEG.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case png
    case gif
    /// HEIF with HEVC pictures (HEIC), as iPhones save.
    case heif
    /// HEIF with AV1 pictures.
    case avif
    case webp

    /// Bytes a caller should read for `sniff`: HEIF brands sit past byte 8.
    public static let signatureLength = 64

    /// The format whose signature starts `bytes`, or nil when none matches.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(signatureLength))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return HEIFBrands(head)?.format
    }

    /// The format an output file name asks for by its extension
    /// (`.jpg`, `.jpeg`, `.png`, `.gif`), or nil. Used for outputs only.
    public static func forOutputPath(_ path: String) -> ImageFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "jpg", "jpeg": return .jpeg
        case "png": return .png
        case "gif": return .gif
        default: return nil
        }
    }
}
