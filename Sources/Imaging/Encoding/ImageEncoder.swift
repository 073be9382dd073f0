/// Encodes images through the encoder an `EncodingFormat` carries.
public enum ImageEncoder {
    /// Encodes `image`. A format without alpha gets transparent pixels laid
    /// over `background` first (white by default). An image not in sRGB
    /// embeds the profile of its colour space unless the options give one,
    /// so the file says what its pixels are (as libvips saves an image's
    /// profile), in a format that holds profiles.
    public static func encode(_ image: Image, as format: EncodingFormat,
                              background: RGBColor = .white) throws(ImagingError) -> [UInt8] {
        var format = format
        if !image.colorSpace.isSRGB, let profile = image.colorSpace.embeddableProfile?.bytes {
            format = format.embedding(profile)
        }
        let image = !format.keepsAlpha && image.format == .rgba8 ? image.flattened(over: background) : image
        return try format.encode(image)
    }
}
