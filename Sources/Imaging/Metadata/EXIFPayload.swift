/// A file's raw EXIF, carried over to a derived image (`--keep-metadata`).
public enum EXIFPayload {
    /// A file's EXIF as an APP1 payload ("Exif\0\0" + TIFF), from its
    /// decoder; nil when it has none.
    public static func read(from bytes: [UInt8]) -> [UInt8]? {
        guard let decoder = try? ImageDecoder.decoder(for: bytes) else { return nil }
        return bytes.withUnsafeBytes { decoder.exifPayload($0) }
    }

    /// `payload` made true of an upright copy of `size`: Orientation 1,
    /// PixelX/YDimension updated, the stale embedded thumbnail dropped.
    public static func upright(_ payload: [UInt8], size: PixelSize) throws(ImagingError) -> [UInt8] {
        try EXIFReader.uprightCopy(of: payload, size: size)
    }
}
