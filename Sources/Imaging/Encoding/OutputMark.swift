#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The mark Filmroll leaves in every file it writes: a JPEG comment, a PNG
/// `Software` text, a GIF comment or a WebP's XMP `xmp:CreatorTool`
/// reading "Filmroll KIND". A later run
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

    /// The PNG text keyword that carries the mark.
    public static let pngKey = "Software"
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
    static let searchLength = 72 * 1024

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
        let head = bytes(at: 0, count: min(Int(status.st_size), searchLength))
        if ImageFormat.sniff(head.prefix(16)) == .webp {
            // The XMP chunk follows the frames: found by hopping from chunk header to chunk header.
            return mark(in: webPXMP(fileSize: Int(status.st_size), bytes: bytes).map { [creatorTool(inXMP: $0)] } ?? [])
        }
        if isMP4(head) { return mp4Mark(fileSize: Int(status.st_size), bytes: bytes) }
        return read(head)
    }

    /// The mark in the first bytes of a file (a WebP: the whole file), if any.
    public static func read(_ bytes: [UInt8]) -> OutputMark? {
        let texts: [String]
        switch ImageFormat.sniff(bytes.prefix(16)) {
        case .jpeg: texts = jpegComments(bytes)
        case .png: texts = pngSoftwareTexts(bytes)
        case .gif: texts = gifComments(bytes)
        case .webp:
            let xmp = webPXMP(fileSize: bytes.count) { offset, count in Array(bytes[min(offset, bytes.count)..<min(offset + count, bytes.count)]) }
            texts = xmp.map { [creatorTool(inXMP: $0)] } ?? []
        default: return nil
        }
        return mark(in: texts)
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

    /// The text of a WebP's XMP chunk: the RIFF chunks walked header by
    /// header (`bytes(offset, count)` reads the file), the frames skipped.
    static func webPXMP(fileSize: Int, bytes: (_ offset: Int, _ count: Int) -> [UInt8]) -> String? {
        let header = bytes(0, 12)
        guard header.count == 12 else { return nil }
        let riffEnd = min(fileSize, 8 + Int(littleEndian32(header, at: 4)))
        var offset = 12
        while offset + 8 <= riffEnd {
            let chunk = bytes(offset, 8)
            guard chunk.count == 8 else { return nil }
            let length = Int(littleEndian32(chunk, at: 4))
            if chunk[0..<4].elementsEqual("XMP ".utf8) {
                return String(decoding: bytes(offset + 8, min(length, searchLength)), as: UTF8.self)
            }
            offset += 8 + length + (length & 1)
        }
        return nil
    }

    private static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
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

    /// COM segments before the first scan.
    static func jpegComments(_ bytes: [UInt8]) -> [String] {
        var texts: [String] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            if marker == 0xFE { texts.append(String(decoding: bytes[(offset + 4)..<(offset + 2 + length)], as: UTF8.self)) }
            offset += 2 + length
        }
        return texts
    }

    /// The values of `tEXt` chunks keyed `Software` before the image data.
    static func pngSoftwareTexts(_ bytes: [UInt8]) -> [String] {
        var texts: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard type != "IDAT", type != "IEND", length <= bytes.count, offset + 12 + length <= bytes.count else { break }
            if type == "tEXt" {
                let data = bytes[(offset + 8)..<(offset + 8 + length)]
                if let zero = data.firstIndex(of: 0), String(decoding: data[..<zero], as: UTF8.self) == pngKey {
                    texts.append(String(decoding: data[(zero + 1)...], as: UTF8.self))
                }
            }
            offset += 12 + length
        }
        return texts
    }

    /// Comment extensions before the first image.
    static func gifComments(_ bytes: [UInt8]) -> [String] {
        guard bytes.count >= 13 else { return [] }
        var texts: [String] = []
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 7) + 1) }
        while offset + 2 <= bytes.count, bytes[offset] == 0x21 {
            let label = bytes[offset + 1]
            offset += 2
            var data: [UInt8] = []
            while offset < bytes.count {
                let size = Int(bytes[offset])
                offset += 1
                if size == 0 { break }
                guard offset + size <= bytes.count else { return texts }
                if label == 0xFE { data += bytes[offset..<(offset + size)] }
                offset += size
            }
            if label == 0xFE { texts.append(String(decoding: data, as: UTF8.self)) }
        }
        return texts
    }
}
