/// Encodes images to JPEG or PNG bytes.
public enum ImageEncoder {
    /// Encodes `image`. JPEG has no alpha: transparent pixels are laid over
    /// `background` first (white by default).
    public static func encode(_ image: Image, as format: EncodingFormat,
                              background: RGBColor = .white) throws(ImagingError) -> [UInt8] {
        switch format {
        case .jpeg(let options):
            let opaque = image.format == .rgba8 ? image.flattened(over: background) : image
            return try JPEGCodec.encode(opaque, options: options)
        case .png(let options):
            return try PNGCodec.encode(image, options: options)
        }
    }
}
