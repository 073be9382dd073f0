#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mark Filmroll leaves in every file it writes: a JPEG comment, a PNG
/// `Software` text or a GIF comment reading "Filmroll KIND". A later run
/// that finds a file at an output path replaces it only when it carries the
/// same mark: Filmroll's own work, never somebody's photo.
public struct OutputMark: Sendable, Hashable, CustomStringConvertible {
    /// What made the file: "thumbnail", "fourcut", "gif", "convert".
    public var kind: String

    public init(_ kind: String) {
        self.kind = kind
    }

    public static let thumbnail = OutputMark("thumbnail")
    public static let fourcut = OutputMark("fourcut")
    public static let gif = OutputMark("gif")
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
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let length = min(Int(status.st_size), searchLength)
        let head = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            let got = pread(descriptor, buffer.baseAddress, length, 0)
            count = max(0, got)
        }
        return read(head)
    }

    /// The mark in the first bytes of a file, if any.
    public static func read(_ bytes: [UInt8]) -> OutputMark? {
        let texts: [String]
        switch ImageFormat.sniff(bytes.prefix(8)) {
        case .jpeg: texts = jpegComments(bytes)
        case .png: texts = pngSoftwareTexts(bytes)
        case .gif: texts = gifComments(bytes)
        case .heif, .avif, .webp, nil: return nil
        }
        for text in texts where text.hasPrefix(prefix) {
            return OutputMark(String(text.dropFirst(prefix.count)))
        }
        return nil
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
