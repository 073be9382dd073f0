/// One photo of a slideshow: a file, decoded through `ImagePipeline` at
/// the size the slideshow needs (upright, in sRGB), or an image already
/// decoded by the caller (upright, sRGB), resized with Lanczos.
public enum SlideshowPhoto: Sendable, Hashable {
    case file(SourceIdentity)
    case image(Image)
}
