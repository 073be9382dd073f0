/// Decodes GIFs: every frame composited on the logical screen, with its
/// delay, and the animation's loop count.
struct GIFDecoder: ImageDecoding {
    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        Self.info(try GIFCodec.readHeader(bytes, maxFrames: limits.maxFrames))
    }

    static func info(_ header: GIFCodec.Header) -> ImageInfo {
        var metadata = ImageMetadata()
        metadata.frameCount = header.frameCount
        metadata.loop = header.frameCount > 1 || header.loop != .once ? header.loop : nil
        return ImageInfo(format: .gif, storedSize: header.screen, metadata: metadata,
                         colorModel: "palette", hasAlpha: true)
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        let count = decodedFrameCount(info, options: options)
        return (try GIFCodec.decode(bytes, screen: info.storedSize, count: count), 8)
    }
}
