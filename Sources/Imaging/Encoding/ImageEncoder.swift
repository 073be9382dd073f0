/// Encodes images to JPEG or PNG bytes.
public enum ImageEncoder {
    /// Encodes `image`. JPEG has no alpha: transparent pixels are laid over
    /// `background` first (white by default). An image not in sRGB embeds
    /// the profile of its colour space unless the options give one, so the
    /// file says what its pixels are (as libvips saves an image's profile).
    public static func encode(_ image: Image, as format: EncodingFormat,
                              background: RGBColor = .white) throws(ImagingError) -> [UInt8] {
        let ownProfile = image.colorSpace.isSRGB ? nil : image.colorSpace.embeddableProfile?.bytes
        switch format {
        case .jpeg(var options):
            options.iccProfile = options.iccProfile ?? ownProfile
            let opaque = image.format == .rgba8 ? image.flattened(over: background) : image
            return try JPEGCodec.encode(opaque, options: options)
        case .png(var options):
            options.iccProfile = options.iccProfile ?? ownProfile
            return try PNGCodec.encode(image, options: options)
        }
    }
}
