/// A file's raw EXIF, carried over to a derived image (`--keep-metadata`).
public enum EXIFPayload {
    /// The EXIF of a JPEG (APP1) or PNG (eXIf, else ImageMagick's "Raw
    /// profile type exif" text) file as an APP1 payload ("Exif\0\0" + TIFF);
    /// nil when it has none.
    public static func read(from bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBytes { raw -> [UInt8]? in
            switch ImageFormat.sniff(bytes) {
            case .jpeg:
                guard let header = try? JPEGCodec.readHeader(raw), let slice = raw.slice(header.exifRange) else { return nil }
                return Array(slice)
            case .png:
                guard let header = try? PNGCodec.readHeader(raw, limits: .default) else { return nil }
                let prefix = Array("Exif\0\0".utf8)
                if let slice = raw.slice(header.exifRange) { return prefix + Array(slice) }
                guard let profile = header.rawProfileEXIF else { return nil }
                return profile.starts(with: prefix) ? profile : prefix + profile
            default:
                return nil
            }
        }
    }

    /// `payload` made true of an upright copy of `size`: Orientation 1,
    /// PixelX/YDimension updated, the stale embedded thumbnail dropped.
    public static func upright(_ payload: [UInt8], size: PixelSize) throws(ImagingError) -> [UInt8] {
        try EXIFReader.uprightCopy(of: payload, size: size)
    }
}
