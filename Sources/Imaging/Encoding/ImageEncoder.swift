/// Encodes images through the encoder an `EncodingFormat` carries.
public enum ImageEncoder {
    /// Encodes `image`. A format without alpha gets transparent pixels laid
    /// over `background` first (white by default).
    public static func encode(_ image: Image, as format: EncodingFormat,
                              background: RGBColor = .white) throws(ImagingError) -> [UInt8] {
        let image = !format.keepsAlpha && image.format == .rgba8 ? image.flattened(over: background) : image
        return try format.encode(image)
    }
}
