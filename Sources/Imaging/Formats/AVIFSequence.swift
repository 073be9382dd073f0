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
        guard let movie = BoxReader.topLevelPayload("moov", in: bytes, maxBytes: 16 << 20) else { return nil }   // a sample table
        for track in BoxReader(movie).children("trak") {
            guard let media = track.child("mdia"), let handler = media.child("hdlr")?.bytes(8, 4),
                  handler == Array("pict".utf8) || handler == Array("vide".utf8),
                  track.child("tref")?.child("auxl") == nil,
                  let count = media.child("minf")?.child("stbl")?.child("stsz")?.uint32(at: 8) else { continue }
            return count
        }
        return nil
    }
}
