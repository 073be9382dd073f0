/// An AVIF image sequence (brand `avis`): besides its still (the primary
/// item libheif reads), a `moov` with a picture track of AV1 samples, one
/// a frame. Only its boxes are read here; `AVIFSequenceFrameDecoder`
/// decodes the track through FFmpeg.
///
/// Related documentation: AV1 Image File Format (AVIF) 1.1, section 7
/// ("Image sequences"); ISO/IEC 14496-12 (`moov`, `hdlr`, `stsz`, `tref`).
enum AVIFSequence {
    /// The frames of the sequence's colour track (a picture track that is
    /// not another's alpha or depth, `tref` `auxl`); nil when the file has
    /// no `moov` or no such track.
    static func frameCount(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let movie = topLevelBox("moov", in: bytes) else { return nil }
        for track in BoxReader(movie).children("trak") {
            guard let media = track.child("mdia"), let handler = media.child("hdlr")?.bytes(8, 4),
                  handler == Array("pict".utf8) || handler == Array("vide".utf8),
                  track.child("tref")?.child("auxl") == nil,
                  let count = media.child("minf")?.child("stbl")?.child("stsz")?.uint32(at: 8) else { continue }
            return count
        }
        return nil
    }

    /// The payload of the first top-level box of `type` (at most 16 MB: a
    /// sample table, not media data).
    private static func topLevelBox(_ type: String, in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        var offset = 0
        while bytes.count - offset >= 8 {
            var size = Int(BoxReader.uint32(bytes, offset)), header = 8
            if size == 1 {
                guard bytes.count - offset >= 16 else { return nil }
                size = Int(clamping: BoxReader.uint64(bytes, offset + 8))
                header = 16
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= header, size <= bytes.count - offset else { return nil }
            if bytes[offset + 4..<offset + 8].elementsEqual(type.utf8) {
                guard size - header <= 16 << 20 else { return nil }
                return Array(bytes[offset + header..<offset + size])
            }
            offset += size
        }
        return nil
    }
}
