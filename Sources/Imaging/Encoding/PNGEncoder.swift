/// Writes PNGs through libpng: gray, RGB or RGBA, with pHYs density, tEXt
/// texts, eXIf and an ICC profile (iCCP), or for a profile that is sRGB's
/// the sRGB chunk, which every viewer reads (libpng refuses the commonest
/// camera sRGB profile as "known incorrect"). Filmroll's mark is the tEXt
/// `Software` before the image data.
struct PNGEncoder: ImageEncoding {
    /// The text keyword that carries the mark.
    static let markKey = "Software"

    var format: ImageFormat { .png }
    var fileExtensions: [String] { ["png"] }
    var keepsAlpha: Bool { true }

    func options(for settings: EncodingSettings) -> PNGEncodingOptions {
        var options = PNGEncodingOptions(dpi: settings.dpi, texts: settings.texts, exif: settings.exif)
        if let profile = settings.iccProfile { options = embedding(profile, in: options) }
        return settings.mark.map { marking(options, with: $0) } ?? options
    }

    func marking(_ options: PNGEncodingOptions, with mark: OutputMark) -> PNGEncodingOptions {
        var options = options
        options.texts.removeAll { $0.key == Self.markKey }
        options.texts.append(.init(key: Self.markKey, value: mark.text))
        return options
    }

    func embedding(_ profile: [UInt8], in options: PNGEncodingOptions) -> PNGEncodingOptions {
        guard options.iccProfile == nil, options.srgbIntent == nil else { return options }
        var options = options
        let colours = ColorProfile(profile)
        if colours.isSRGB {
            options.srgbIntent = colours.renderingIntent
        } else {
            options.iccProfile = profile
        }
        return options
    }

    func refusal(of profile: ColorProfile, for pixels: PixelFormat) -> String? {
        profile.isSRGB ? nil : PNGCodec.refusal(of: profile, for: pixels).map { "libpng: \($0)" }
    }

    func encode(_ image: Image, options: PNGEncodingOptions) throws(ImagingError) -> [UInt8] {
        try PNGCodec.encode(image, options: options)
    }

    /// The values of `tEXt` chunks keyed `Software` before the image data.
    func markTexts(in file: SearchedFile) -> [String] {
        let bytes = file.head
        guard PNGDecoder().sniff(bytes) else { return [] }
        var texts: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard type != "IDAT", type != "IEND", length <= bytes.count, offset + 12 + length <= bytes.count else { break }
            if type == "tEXt" {
                let data = bytes[(offset + 8)..<(offset + 8 + length)]
                if let zero = data.firstIndex(of: 0), String(decoding: data[..<zero], as: UTF8.self) == Self.markKey {
                    texts.append(String(decoding: data[(zero + 1)...], as: UTF8.self))
                }
            }
            offset += 12 + length
        }
        return texts
    }
}
