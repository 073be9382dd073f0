/// Writes JPEGs through libjpeg: baseline or progressive, 4:2:0 or 4:4:4,
/// with JFIF density, EXIF (APP1) and an ICC profile (APP2). Filmroll's
/// mark is a COM segment before the first scan.
struct JPEGEncoder: ImageEncoding {
    var format: ImageFormat { .jpeg }
    var fileExtensions: [String] { ["jpg", "jpeg"] }
    var keepsAlpha: Bool { false }

    func options(for settings: EncodingSettings) -> JPEGEncodingOptions {
        JPEGEncodingOptions(quality: settings.quality, chromaSubsampling: settings.keepsFullChroma ? .none : .yuv420,
                            optimizeHuffman: settings.optimizeHuffman, dpi: settings.dpi, exif: settings.exif,
                            comment: settings.mark?.text, iccProfile: settings.iccProfile)
    }

    func marking(_ options: JPEGEncodingOptions, with mark: OutputMark) -> JPEGEncodingOptions {
        var options = options
        options.comment = mark.text
        return options
    }

    /// The flattened RGB copy, and libjpeg's coefficients of the whole
    /// image when it optimises the Huffman tables.
    func workingBytesPerPixel(_ options: JPEGEncodingOptions) -> Int { options.optimizeHuffman ? 6 : 3 }

    func embedding(_ profile: [UInt8], in options: JPEGEncodingOptions) -> JPEGEncodingOptions {
        var options = options
        options.iccProfile = options.iccProfile ?? profile
        return options
    }

    func encode(_ image: Image, options: JPEGEncodingOptions) throws(ImagingError) -> [UInt8] {
        try JPEGCodec.encode(image, options: options)
    }

    /// COM segments before the first scan.
    func markTexts(in file: SearchedFile) -> [String] {
        let bytes = file.head
        guard JPEGDecoder().sniff(bytes) else { return [] }
        var texts: [String] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            if marker == 0xFE { texts.append(String(decoding: bytes[(offset + 4)..<(offset + 2 + length)], as: UTF8.self)) }
            offset += 2 + length
        }
        return texts
    }
}
