/// Writes animated WebPs (`WebPAnimator`): lossy or lossless frames,
/// millisecond delays. Filmroll's mark is the `xmp:CreatorTool` of an XMP
/// chunk after the frames.
struct WebPAnimationWriter: AnimationWriting {
    var format: ImageFormat { .webp }
    var fileExtensions: [String] { ["webp"] }
    var mark: OutputMark { .webp }

    func start(canvas: PixelSize, options: AnimationOptions, sink: any ByteSink) throws(ImagingError) -> any AnimationEncoding {
        var webp = options.webp
        webp.mark = mark.text
        return try WebPAnimator(size: canvas, options: webp, sink: sink)
    }

    func parameters(_ options: AnimationOptions) -> [(name: String, value: EncodingParameter)] {
        let webp = options.webp
        return [("lossless", .bool(webp.lossless)), ("quality", .double(webp.quality)), ("method", .int(webp.method)),
                ("loop", .int(webp.loop.webPValue))]
    }

    func recipeParameters(_ options: AnimationOptions) -> [(name: String, value: EncodingParameter)] {
        let webp = options.webp
        return parameters(options) + [
            ("allowMixed", .bool(webp.allowMixed)), ("sharpYUV", .bool(webp.sharpYUV)),
            ("keyFrameSpacing", webp.keyFrameSpacing.map { .text("\($0.lowerBound)-\($0.upperBound)") } ?? .none),
        ]
    }

    func markTexts(in file: SearchedFile) -> [String] {
        guard WebPDecoder().sniff(Array(file.head.prefix(12))), let xmp = xmp(in: file) else { return [] }
        return [OutputMark.creatorTool(inXMP: xmp)]
    }

    /// The text of the XMP chunk: the RIFF chunks walked header by header,
    /// the frames skipped.
    private func xmp(in file: SearchedFile) -> String? {
        let header = file.bytes(at: 0, count: 12)
        guard header.count == 12 else { return nil }
        let riffEnd = min(file.size, 8 + Int(Self.littleEndian32(header, at: 4)))
        var offset = 12
        while offset + 8 <= riffEnd {
            let chunk = file.bytes(at: offset, count: 8)
            guard chunk.count == 8 else { return nil }
            let length = Int(Self.littleEndian32(chunk, at: 4))
            if chunk[0..<4].elementsEqual("XMP ".utf8) {
                return String(decoding: file.bytes(at: offset + 8, count: min(length, OutputMark.searchLength)), as: UTF8.self)
            }
            offset += 8 + length + (length & 1)
        }
        return nil
    }

    private static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
