#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The mark Filmroll leaves in every file it writes, "Filmroll KIND",
/// where each format's encoder puts it (a JPEG comment, a PNG `Software`
/// text, a GIF comment, a WebP's XMP `xmp:CreatorTool`) and finds it
/// again (`ImageEncoding.markTexts(in:)`). A later run
/// that finds a file at an output path replaces it only when it carries the
/// same mark: Filmroll's own work, never somebody's photo.
public struct OutputMark: Sendable, Hashable, CustomStringConvertible {
    /// What made the file: "thumbnail", "fourcut", "gif", "webp", "convert".
    public var kind: String

    public init(_ kind: String) {
        self.kind = kind
    }

    public static let thumbnail = OutputMark("thumbnail")
    public static let fourcut = OutputMark("fourcut")
    public static let gif = OutputMark("gif")
    /// An animated WebP (`filmroll gif -o OUT.webp`).
    public static let webp = OutputMark("webp")
    public static let convert = OutputMark("convert")

    static let prefix = "Filmroll "

    /// The text written into the file.
    public var text: String { Self.prefix + kind }

    /// "a Filmroll four-cut".
    public var description: String {
        switch kind {
        case "fourcut": "a Filmroll four-cut"
        case "gif": "a Filmroll GIF"
        case "webp": "a Filmroll animated WebP"
        case "video": "a Filmroll video"
        case "convert": "a photo Filmroll converted"
        default: "a Filmroll \(kind)"
        }
    }

    /// How much of a file is searched: the mark sits before the pixels,
    /// after at most an EXIF block (64 KB) in a JPEG.
    public static let searchLength = 72 * 1024

    /// The mark in the file at `path`, or nil when there is none, the file
    /// cannot be read, or it is not a regular file (never blocks on a FIFO).
    public static func read(contentsOf path: String) -> OutputMark? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor: descriptor)
    }

    /// The mark in the file open as `descriptor` (read with `pread`, so its
    /// offset is left alone), or nil when there is none or it is not a
    /// regular file: for a file opened without following links.
    public static func read(descriptor: Int32) -> OutputMark? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        func bytes(at offset: Int, count: Int) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                let got = pread(descriptor, buffer.baseAddress, count, off_t(offset))
                initialized = max(0, got)
            }
        }
        let size = Int(status.st_size)
        return read(SearchedFile(size: size, head: bytes(at: 0, count: min(size, searchLength)), read: bytes))
    }

    /// The mark in the first bytes of a file (a WebP: the whole file), if any.
    public static func read(_ bytes: [UInt8]) -> OutputMark? {
        read(SearchedFile(bytes))
    }

    /// The mark in `file`, found by the encoder of its format (`ImageEncoders`), or in a video's comment.
    static func read(_ file: SearchedFile) -> OutputMark? {
        if isMP4(file.head) { return mp4Mark(fileSize: file.size) { file.bytes(at: $0, count: $1) } }
        return mark(in: ImageEncoders.markTexts(in: file))
    }

    private static func mark(in texts: [String]) -> OutputMark? {
        for text in texts where text.hasPrefix(prefix) {
            return OutputMark(String(text.dropFirst(prefix.count)))
        }
        return nil
    }

    /// An XMP packet whose `xmp:CreatorTool` is `text`: how a WebP carries the mark.
    public static func xmpPacket(creatorTool text: String) -> String {
        let escaped = text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing("\"", with: "&quot;")
        return "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"
            + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmp:CreatorTool=\"\(escaped)\"/>"
            + "</rdf:RDF></x:xmpmeta><?xpacket end=\"r\"?>"
    }

    /// The value of `xmp:CreatorTool` in an XMP packet (attribute or element), or "".
    static func creatorTool(inXMP xmp: String) -> String {
        let text = Array(xmp.utf8)
        let name = Array("CreatorTool".utf8)
        guard var at = text.indices.first(where: { text[$0...].starts(with: name) }) else { return "" }
        at += name.count
        while at < text.count, text[at] == UInt8(ascii: " ") { at += 1 }
        guard at < text.count else { return "" }
        let close: UInt8
        switch text[at] {
        case UInt8(ascii: "="):
            at += 1
            while at < text.count, text[at] == UInt8(ascii: " ") { at += 1 }
            guard at < text.count, text[at] == UInt8(ascii: "\"") || text[at] == UInt8(ascii: "'") else { return "" }
            close = text[at]
        case UInt8(ascii: ">"): close = UInt8(ascii: "<")
        default: return ""
        }
        let start = at + 1
        let end = text[start...].firstIndex(of: close) ?? text.count
        return String(decoding: text[start..<end], as: UTF8.self)
            .replacing("&quot;", with: "\"").replacing("&lt;", with: "<").replacing("&amp;", with: "&")
    }
}
