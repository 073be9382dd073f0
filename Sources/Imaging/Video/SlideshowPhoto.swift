/// One photo of a slideshow: a file, decoded through `ImagePipeline` at
/// the size the slideshow needs (upright, in sRGB), or an image already
/// decoded by the caller (upright, sRGB), resized with Lanczos; or a
/// video's first seconds, playing (muted) on its slide.
public enum SlideshowPhoto: Sendable, Hashable {
    case file(SourceIdentity)
    case image(Image)
    /// The video at `path`, its first `seconds` played on a slide that lasts as long.
    case clip(path: String, seconds: Double)
}
