#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputMark {
    /// A video Filmroll made (`filmroll video`, `process`'s MP4 animations).
    public static let video = OutputMark("video")

    /// Whether the first bytes are an MP4 (or QuickTime) file: an `ftyp`
    /// box whose brand is not an image's (HEIF and AVIF are ISO files too).
    static func isMP4(_ head: [UInt8]) -> Bool {
        guard head.count >= 12 && Array(head[4..<8]) == Array("ftyp".utf8) else { return false }
        // Not an image in an ISO file (HEIF, AVIF, CR3); a video's decoder reads its files itself.
        return ImageDecoders.decoder(forHead: Array(head.prefix(ImageDecoders.signatureLength)))?.readsFiles ?? true
    }

    /// The mark in an MP4's comment (`moov/udta/meta/ilst/©cmt`), found by
    /// walking the top-level boxes to `moov` (first, in a "+faststart"
    /// file) and reading at most 16 MB of it.
    static func mp4Mark(fileSize: Int, bytes: (_ offset: Int, _ count: Int) -> [UInt8]) -> OutputMark? {
        var offset = 0
        while offset + 8 <= fileSize {
            let header = bytes(offset, 16)
            guard header.count >= 8 else { return nil }
            var size = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            var headerLength = 8
            if size == 1, header.count == 16 {
                size = header[8..<16].reduce(0) { $0 << 8 | Int($1) }
                headerLength = 16
            } else if size == 0 {
                size = fileSize - offset
            }
            guard size >= headerLength, size <= fileSize - offset else { return nil }
            if Array(header[4..<8]) == Array("moov".utf8) {
                return comment(in: bytes(offset + headerLength, min(size - headerLength, 16 << 20)))
            }
            offset += size
        }
        return nil
    }

    /// The text of the `©cmt` item's `data` box, when it is Filmroll's mark.
    private static func comment(in moov: [UInt8]) -> OutputMark? {
        let tag: [UInt8] = [0xA9, 0x63, 0x6D, 0x74]   // "©cmt"
        var index = 0
        while index + 20 <= moov.count {
            if moov[index] == tag[0], Array(moov[index..<index + 4]) == tag,
               Array(moov[index + 8..<index + 12]) == Array("data".utf8) {
                let dataSize = Int(moov[index + 4]) << 24 | Int(moov[index + 5]) << 16 | Int(moov[index + 6]) << 8 | Int(moov[index + 7])
                let start = index + 20, end = index + 4 + dataSize
                guard dataSize >= 16, end <= moov.count else { return nil }
                let text = String(decoding: moov[start..<end], as: UTF8.self)
                return text.hasPrefix(prefix) ? OutputMark(String(text.dropFirst(prefix.count))) : nil
            }
            index += 1
        }
        return nil
    }
}
