import Imaging

/// A video's rows in its page's details panel (a video of its own, or a
/// Live Photo's MOV): its length, its codec and frame rate, and whether it
/// has sound. Nothing when the catalog knows no video.
enum VideoDetailRows {
    /// (label, HTML) rows, escaped.
    static func rows(_ video: VideoFacts?, locale: GalleryLocale) -> [(String, String)] {
        guard let video else { return [] }
        var rows: [(String, String)] = []
        if video.durationSeconds > 0 {
            rows.append((locale.lengthLabel, HTMLEscaping.escape(video.durationText)))
        }
        let text = locale.videoText(video)
        if !text.isEmpty { rows.append((locale.videoLabel, HTMLEscaping.escape(text))) }
        rows.append((locale.soundLabel, HTMLEscaping.escape(locale.soundText(video))))
        return rows
    }
}
