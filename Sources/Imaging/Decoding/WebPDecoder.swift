/// Decodes WebP through libwebp: stills scaled while decoding when the
/// caller needs less, animations as composited frames with their delays.
extension ImageFormat {
    public static let webp = ImageFormat(rawValue: "webp", displayName: "WebP")
}

struct WebPDecoder: ImageDecoding {
    var format: ImageFormat { .webp }
    var fileExtensions: [String] { ["webp"] }
    var canAnimate: Bool { true }

    func sniff(_ head: [UInt8]) -> Bool {
        head.count >= 12 && head.starts(with: Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WEBP".utf8)
    }

    /// libwebp's canvas (and, for lossless files, its rows).
    func workingBytesPerPixel(_ info: ImageInfo) -> Int { 4 }

    func openFrames(_ bytes: [UInt8], info: ImageInfo) throws(ImagingError) -> (any FrameDecoding)? {
        guard info.metadata.frameCount > 1 else { return nil }
        return try WebPFrameDecoder(bytes, canvas: info.storedSize)
    }

    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let header = try WebPCodec.readHeader(bytes, maxFrames: limits.maxFrames)
        var metadata = ImageMetadata()
        metadata.frameCount = header.isAnimated ? header.frameCount : 1
        if header.isAnimated {
            metadata.loop = header.loopCount == 0 ? .forever : header.loopCount == 1 ? .once : .repeats(header.loopCount - 1)
        }
        if header.hasEXIF, let exif = WebPCodec.chunk("EXIF", of: bytes) {
            // Some writers keep JPEG's "Exif\0\0" prefix; the chunk should hold the TIFF alone.
            let tiff = exif.starts(with: Array("Exif\0\0".utf8)) ? Array(exif.dropFirst(6)) : exif
            tiff.withUnsafeBytes { EXIFReader.read($0, into: &metadata) }
        }
        if header.hasXMP, let xmp = WebPCodec.chunk("XMP ", of: bytes) {
            xmp.withUnsafeBytes { XMPReader.read($0, into: &metadata) }
        }
        let colorSpace: ColorSpace = header.hasICC ? WebPCodec.chunk("ICCP", of: bytes).map { .icc(ColorProfile($0)) } ?? .sRGB : .sRGB
        return ImageInfo(format: .webp, storedSize: header.size, metadata: metadata,
                         colorModel: ColorModel(.webP, alpha: header.hasAlpha,
                                                coding: header.isLossless ? .lossless : header.isAnimated ? .animation : .lossy),
                         hasAlpha: header.hasAlpha,
                         colorSpace: colorSpace)
    }

    /// Twice the size the target needs, when that is smaller than stored:
    /// libwebp's scaler does the large step, Lanczos the last one.
    func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize {
        let stored = info.storedSize
        guard info.metadata.frameCount == 1, let target = options.target else { return stored }
        let storedTarget = info.metadata.orientation.swapsDimensions ? target.transposed : target
        let needed = storedTarget.resultSize(for: stored)
        let factor = min(1, 2 * max(Double(needed.width) / Double(stored.width), Double(needed.height) / Double(stored.height)))
        guard factor < 1 else { return stored }
        return PixelSize(width: max(1, Int((Double(stored.width) * factor).rounded(.up))),
                         height: max(1, Int((Double(stored.height) * factor).rounded(.up))))
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        if info.metadata.frameCount > 1 {
            let count = decodedFrameCount(info, options: options)
            return (try WebPCodec.decodeFrames(bytes, canvas: info.storedSize, count: count), 8)
        }
        let image = try WebPCodec.decode(bytes, size: decodedSize(info, options: options), hasAlpha: info.hasAlpha)
        return ([ImageFrame(image: image)], 8)
    }
}
