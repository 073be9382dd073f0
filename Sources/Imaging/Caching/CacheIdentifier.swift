/// A stable text naming everything that shapes an output, for disk cache
/// keys: each processor and encoding describes itself, as Nuke's
/// processors do, so a new setting can never be left out of a key.
public protocol CacheIdentifiable {
    /// The same for equal settings in every run and version that makes the same pixels or bytes.
    var cacheIdentifier: String { get }
}

extension ImageProcessors.Resize: CacheIdentifiable {
    public var cacheIdentifier: String {
        "resize(\(target.width)x\(target.height),\(target.fit.rawValue),upscale:\(upscale),anchor:\(anchor.rawValue))"
    }
}

extension JPEGEncodingOptions: CacheIdentifiable {
    public var cacheIdentifier: String {
        "jpeg(q:\(quality),chroma:\(chromaSubsampling == .none ? "444" : "420"),progressive:\(progressive),"
            + "huffman:\(optimizeHuffman),dpi:\(dpi ?? 0),exif:\(exif != nil),comment:\(comment ?? ""),"
            + "icc:\(iccProfile.map { ProfileKey($0) }.map { "\($0.low)-\($0.high)" } ?? "none"))"
    }
}

extension PNGEncodingOptions: CacheIdentifiable {
    public var cacheIdentifier: String {
        let texts = self.texts.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
        return "png(level:\(compressionLevel),dpi:\(dpi ?? 0),texts:\(texts),exif:\(exif != nil),"
            + "icc:\(iccProfile.map { ProfileKey($0) }.map { "\($0.low)-\($0.high)" } ?? "none")"
            + (srgbIntent.map { ",srgb:\($0)" } ?? "") + ")"
    }
}
