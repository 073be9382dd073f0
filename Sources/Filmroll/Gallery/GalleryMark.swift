#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The mark the gallery leaves in its own files, as `OutputMark` does in
/// images: a `<meta name="generator" content="Filmroll gallery">` in the
/// head of each page, and a `/* Filmroll gallery */` first line in the
/// stylesheet. A later run replaces a page or stylesheet that carries it.
///
/// Files of the Filmroll before the mark count as marked too: its pages
/// carried `<meta name="generator" content="Filmroll">`, and its stylesheet
/// was today's without the first line (recognised by its exact bytes).
enum GalleryMark: Sendable {
    case page
    case stylesheet
    case script
    case svg

    /// The text written into the file.
    var text: String {
        switch self {
        case .page: #"<meta name="generator" content="Filmroll gallery">"#
        case .stylesheet, .script: "/* Filmroll gallery */"
        case .svg: "<!-- Filmroll gallery -->"
        }
    }

    /// How much of a page is searched: its head comes first, well within it.
    static let searchLength = 4096

    /// Whether the file at `path` carries the mark. False when it cannot
    /// be read or is not a regular file; never blocks on a FIFO.
    func isIn(_ path: String) -> Bool {
        guard let (descriptor, _) = try? FileBytes.openRegular(path) else { return false }
        defer { close(descriptor) }
        return isIn(descriptor: descriptor)
    }

    /// Whether the regular file open as `descriptor` carries the mark (read with `pread`).
    func isIn(descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        let size = Int(status.st_size)
        switch self {
        case .page:
            return Self.pageHeadHasMark(Self.bytes(of: descriptor, count: min(size, Self.searchLength)))
        case .script, .svg:
            return Self.bytes(of: descriptor, count: min(size, text.utf8.count)) == Array(text.utf8)
        case .stylesheet:
            let earlier = Array(GalleryStylesheet.rules.utf8)
            if size == earlier.count { return Self.bytes(of: descriptor, count: size) == earlier }
            return Self.bytes(of: descriptor, count: min(size, text.utf8.count)) == Array(text.utf8)
        }
    }

    /// Whether the start of a page holds the generator mark (today's or the
    /// earlier one) before its body begins.
    static func pageHeadHasMark(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes, as: UTF8.self)
        let beforeBody = head.firstRange(of: "<body").map { String(head[..<$0.lowerBound]) } ?? head
        return beforeBody.contains(GalleryMark.page.text) || beforeBody.contains(#"<meta name="generator" content="Filmroll">"#)
    }

    /// The first `count` bytes of the open file (fewer when it is shorter).
    private static func bytes(of descriptor: Int32, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var offset = 0
            while offset < count {
                let got = pread(descriptor, buffer.baseAddress! + offset, count - offset, off_t(offset))
                if got < 0 && errno == EINTR { continue }
                if got <= 0 { break }
                offset += got
            }
            initialized = offset
        }
    }
}
