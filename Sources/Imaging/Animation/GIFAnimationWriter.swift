/// Writes animated GIFs (`GIFAnimator`): palettes per frame from
/// libimagequant, centisecond delays. Filmroll's mark is a comment
/// extension before the first image.
struct GIFAnimationWriter: AnimationWriting {
    var format: ImageFormat { .gif }
    var fileExtensions: [String] { ["gif"] }
    var mark: OutputMark { .gif }

    func start(canvas: PixelSize, options: AnimationOptions, sink: any ByteSink) throws(ImagingError) -> any AnimationEncoding {
        var gif = options.gif
        gif.comment = mark.text
        return try GIFAnimator(options: gif).stream(size: canvas, to: sink, window: gif.window)
    }

    func parameters(_ options: AnimationOptions) -> [(name: String, value: EncodingParameter)] {
        let gif = options.gif
        return [("quality", .int(gif.quality)), ("dither", .double(gif.dither)), ("colors", .int(gif.colors)),
                ("loop", gif.loop.netscapeValue.map(EncodingParameter.int) ?? .none)]
    }

    func recipeParameters(_ options: AnimationOptions) -> [(name: String, value: EncodingParameter)] {
        let gif = options.gif
        return parameters(options) + [
            ("stillTolerance", .int(gif.stillTolerance)), ("speed", gif.speed.map(EncodingParameter.int) ?? .none),
            ("triesSharedPalette", .bool(gif.triesSharedPalette)), ("paletteShrink", .int(gif.paletteShrink)),
            ("window", .int(gif.window)),
        ]
    }

    /// Comment extensions before the first image.
    func markTexts(in file: SearchedFile) -> [String] {
        let bytes = file.head
        guard GIFDecoder().sniff(bytes), bytes.count >= 13 else { return [] }
        var texts: [String] = []
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 7) + 1) }
        while offset + 2 <= bytes.count, bytes[offset] == 0x21 {
            let label = bytes[offset + 1]
            offset += 2
            var data: [UInt8] = []
            while offset < bytes.count {
                let size = Int(bytes[offset])
                offset += 1
                if size == 0 { break }
                guard offset + size <= bytes.count else { return texts }
                if label == 0xFE { data += bytes[offset..<(offset + size)] }
                offset += size
            }
            if label == 0xFE { texts.append(String(decoding: data, as: UTF8.self)) }
        }
        return texts
    }
}
