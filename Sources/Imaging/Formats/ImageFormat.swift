/// The file formats Filmroll reads, recognised by their first bytes.
///
/// The file extension never decides: a JPEG named `.png` is a JPEG.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case png
    case gif

    /// The format whose signature starts `bytes`, or nil when none matches.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(8))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        return nil
    }

    /// The format an output file name asks for by its extension
    /// (`.jpg`, `.jpeg`, `.png`), or nil. Used for outputs only.
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
