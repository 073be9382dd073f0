import Catalog
import Imaging

/// A clip the gallery's pages play: a video's or a motion photo's pictures
/// as H.264 at most 720p (`ClipTranscoder`), made when browsers cannot play
/// the original as it is (HEVC, which Chromium and Firefox do not play; a
/// motion photo's video, which lies inside the still). An H.264 video is
/// played from the original and needs none.
public enum ClipPreviewOutputs {
    /// The encoder's settings: what `ffmpeg -c:v libx264` uses by default.
    public static let crf = 23.0
    public static let preset = VideoPreset.medium

    /// Whether `record`'s motion needs a preview to play in a page.
    public static func needsPreview(_ record: PhotoRecord) -> Bool {
        if let clip = record.motionPhoto { return !clip.byteRange.isEmpty }
        return record.video.map(ClipTranscoder.needsClip) ?? false
    }

    /// The preview of `photo` (a video, or a motion photo's clip in
    /// `record.motionPhoto`) at `path`.
    public static func planned(_ photo: ThumbnailOutputs.Photo, record: PhotoRecord, path: String, root: String,
                               limits: DecodeLimits, parameters: String) -> PlannedOutput {
        let byteRange = record.motionPhoto?.byteRange
        let recipe = OutputRecipe(kind: .video, inputs: [photo.input], parameters: """
            clip \(ClipTranscoder.maxShortSide) crf \(crf) \(preset.rawValue)\(byteRange.map { " bytes \($0)" } ?? "")
            """)
        let source = photo.source.path
        return PlannedOutput(record: .recipe(recipe, parameters: parameters), kind: .clip, path: path, root: root,
                             mark: .video, inputs: [], streamedPhotos: [photo.reference]) { _, context in
            // Its folder ("clips/DCIM/100APPLE") made as a thumbnail's is, no link on the way out of `root`.
            try LinkFreeFolders.check(InputWalker.parentFolder(path), below: root)
            try context.writer.prepareFolder(for: path)
            var options = VideoOptions(crf: crf, preset: preset)
            options.comment = OutputMark.video.text
            // libx264's output depends on its thread count: left to libx264 (by the
            // machine's cores, as `convert` does), never to how busy the run is, so the
            // same recipe gives the same bytes; the decoder takes the run's share.
            options.threads = 0
            options.limits = limits
            try ClipTranscoder.transcode(source, byteRange: byteRange, to: path, options: options, limits: limits,
                                         decodingThreads: context.threads)
            return .written
        }
    }
}
