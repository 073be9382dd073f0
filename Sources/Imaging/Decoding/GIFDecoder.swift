/// Decodes GIFs: every frame composited on the logical screen, with its
/// delay, and the animation's loop count.
extension ImageFormat {
    public static let gif = ImageFormat(rawValue: "gif", displayName: "GIF")
}

struct GIFDecoder: ImageDecoding {
    var format: ImageFormat { .gif }
    var fileExtensions: [String] { ["gif"] }
    var canAnimate: Bool { true }

    func sniff(_ head: [UInt8]) -> Bool {
        head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8))
    }

    /// giflib's canvas and the frame being composited.
    func workingBytesPerPixel(_ info: ImageInfo) -> Int { 4 }

    /// Streamed from the file: memory holds the screen, not the file.
    func openFrames(descriptor: Int32, limits: DecodeLimits) throws(ImagingError)
        -> (info: ImageInfo, frames: any FrameDecoding)? {
        let info = Self.info(try GIFCodec.readHeader(descriptor: descriptor, maxFrames: limits.maxFrames))
        try limits.check(frameSize: info.storedSize, frames: info.metadata.frameCount)
        return (info, try GIFFrameDecoder(descriptor: descriptor))
    }

    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        Self.info(try GIFCodec.readHeader(bytes, maxFrames: limits.maxFrames))
    }

    static func info(_ header: GIFCodec.Header) -> ImageInfo {
        var metadata = ImageMetadata()
        metadata.frameCount = header.frameCount
        metadata.loop = header.frameCount > 1 || header.loop != .once ? header.loop : nil
        return ImageInfo(format: .gif, storedSize: header.screen, metadata: metadata,
                         colorModel: ColorModel(.palette), hasAlpha: true)
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        let count = decodedFrameCount(info, options: options)
        return (try GIFCodec.decode(bytes, screen: info.storedSize, count: count), 8)
    }
}
