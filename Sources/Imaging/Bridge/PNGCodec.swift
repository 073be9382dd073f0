import CImaging
#if canImport(Glibc)
import Glibc
#endif

/// libpng through CImaging: header, decode to RGBA8, encode.
enum PNGCodec {
    struct Header {
        var size: PixelSize
        var colorModel: ColorModel
        var bitDepth: Int
        var isInterlaced: Bool
        var hasAlpha: Bool
        var exifRange: Range<Int>?
        /// The XMP packet of an iTXt "XML:com.adobe.xmp" (or a raw xmp profile) text chunk.
        var xmp: [UInt8]?
        /// EXIF from ImageMagick's "Raw profile type exif" text, hex-decoded
        /// (TIFF, with or without "Exif\0\0").
        var rawProfileEXIF: [UInt8]?
        /// Ancillary chunks skipped for a bad CRC (see `warnings(_:)`).
        var warnings: [String]
    }

    static func limits(_ limits: DecodeLimits) -> cimg_png_limits {
        let chunkBytes = UInt32(clamping: limits.maxPNGChunkBytes)
        return cimg_png_limits(max_chunk_bytes: chunkBytes, max_text_bytes: chunkBytes, max_ancillary_chunks: 1000)
    }

    static func readHeader(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> Header {
        var info = cimg_png_info()
        defer { cimg_png_info_free(&info) }
        var pngLimits = Self.limits(limits)
        var warnings = cimg_warnings()
        try checkCodec(.png) { cimg_png_read_info(bytes.uint8Base, bytes.count, &pngLimits, &info, &warnings, $0) }
        return Header(
            size: PixelSize(width: Int(info.width), height: Int(info.height)),
            colorModel: colorModel(colorType: Int(info.color_type), bitDepth: Int(info.bit_depth)),
            bitDepth: Int(info.bit_depth),
            isInterlaced: info.interlaced != 0,
            hasAlpha: info.has_alpha != 0,
            exifRange: info.exif_length > 0 ? info.exif_offset..<info.exif_offset + info.exif_length : nil,
            xmp: info.xmp.copiedBytes,
            rawProfileEXIF: info.raw_exif.copiedBytes,
            warnings: Self.warnings(warnings)
        )
    }

    /// The model of PNG colour type 0, 2, 3, 4 or 6 (libpng refuses others).
    static func colorModel(colorType: Int, bitDepth: Int) -> ColorModel {
        switch colorType {
        case 0: ColorModel(.gray, bitsPerSample: bitDepth)
        case 2: ColorModel(.rgb, bitsPerSample: bitDepth)
        case 3: ColorModel(.palette, bitsPerSample: bitDepth)
        case 4: ColorModel(.gray, alpha: true, bitsPerSample: bitDepth)
        default: ColorModel(.rgb, alpha: true, bitsPerSample: bitDepth)
        }
    }

    /// The colour space the PNG's chunks describe: iCCP, sRGB, then cHRM/gAMA.
    /// Unreadable colour chunks leave sRGB.
    static func readColorSpace(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) -> ColorSpace {
        var color = cimg_png_color()
        var icc = cimg_buffer()
        var pngLimits = Self.limits(limits)
        var error = cimg_error()
        guard cimg_png_read_color(bytes.uint8Base, bytes.count, &pngLimits, &color, &icc, &error) == 0 else { return .sRGB }
        let profile = icc.takeBytes()
        if !profile.isEmpty { return .icc(ColorProfile(profile)) }
        if color.is_srgb != 0 { return .sRGB }
        let gamma = color.gamma > 0 ? color.gamma : 1 / 2.2
        if color.has_chromaticities != 0 {
            let primaries = Chromaticities(white: (color.white.0, color.white.1), red: (color.red.0, color.red.1),
                                           green: (color.green.0, color.green.1), blue: (color.blue.0, color.blue.1))
            return .chromaticities(primaries, gamma: gamma)
        }
        // gAMA without cHRM is ignored, as Chromium does: PNG writers have
        // long stamped it on sRGB pixels (and PngSuite on raw samples).
        return .sRGB
    }

    /// Decodes to RGBA8, or to RGB8 when the PNG has no alpha or tRNS (no
    /// alpha channel to fill, test or flatten later), with the warnings of
    /// chunks skipped for a bad CRC.
    static func decode(_ bytes: UnsafeRawBufferPointer, size: PixelSize, hasAlpha: Bool,
                       limits: DecodeLimits) throws(ImagingError) -> (image: Image, warnings: [String]) {
        var pngLimits = Self.limits(limits)
        var warnings = cimg_warnings()
        var failure: ImagingError?
        let format: PixelFormat = hasAlpha ? .rgba8 : .rgb8
        let channels = format.bytesPerPixel
        let image = Image(width: size.width, height: size.height, format: format) { pixels in
            var error = cimg_error()
            if cimg_png_decode(bytes.uint8Base, bytes.count, &pngLimits, pixels.baseAddress, size.width * channels,
                               UInt32(size.width), UInt32(size.height), Int32(channels), &warnings, &error) != 0 {
                failure = ImagingError(error, format: .png)
                pixels.update(repeating: 0)
            }
        }
        if let failure { throw failure }
        return (image, Self.warnings(warnings))
    }

    /// libpng's "tEXt: CRC error" as "PNG chunk tEXt has a bad CRC; ignored",
    /// and a file that ends after its image data (no IEND, or a cut one)
    /// as such. libpng's other warnings (an sRGB profile it knows to be
    /// off, …) are about chunks it still used, and are not shown.
    static func warnings(_ collected: cimg_warnings) -> [String] {
        let text = withUnsafeBytes(of: collected.text) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        return text.split(separator: "\n").compactMap { line in
            if line == "IEND: the file ends before it" { return cutEndWarning }    // CIMG_PNG_CUT_END_WARNING
            guard line.hasSuffix(": CRC error") else { return nil }
            return "PNG chunk \(line.dropLast(": CRC error".count)) has a bad CRC; ignored"
        }
    }

    /// Why libpng would not write `profile` as the iCCP chunk of a PNG of
    /// `format` pixels ("known incorrect sRGB profile", "PCS illuminant is
    /// not D50"), or nil when it would.
    static func refusal(of profile: ColorProfile, for format: PixelFormat) -> String? {
        var error = cimg_error()
        let status = profile.bytes.withUnsafeBufferPointer {
            cimg_png_check_icc($0.baseAddress, $0.count, format.cimg, &error)
        }
        guard status != 0 else { return nil }
        let message = withUnsafeBytes(of: error.message) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        // libpng names the chunk and where: "profile 'icc': 0h: PCS illuminant is not D50".
        guard let reason = message.split(separator: ": ").last else { return message }
        return String(reason)
    }

    /// The warning of a PNG whose file ends after its image data.
    static let cutEndWarning = "the file ends before the PNG's IEND chunk; the image data is whole"

    static func encode(_ image: Image, options: PNGEncodingOptions) throws(ImagingError) -> [UInt8] {
        // Text chunks need C strings that live through the call.
        let keys = options.texts.map { strdup($0.key) }
        let values = options.texts.map { strdup($0.value) }
        defer { (keys + values).forEach { free($0) } }
        var texts = zip(keys, values).map { cimg_png_text(key: $0, value: $1) }
        var output = cimg_buffer()
        var failure: cimg_error?
        // The eXIf chunk holds the TIFF without JPEG's "Exif\0\0" prefix.
        let tiff = options.exif.map { Array($0.starts(with: Array("Exif\0\0".utf8)) ? $0.dropFirst(6) : $0[...]) } ?? []
        let icc = options.iccProfile ?? []
        image.pixels.withUnsafeBufferPointer { pixels in
          icc.withUnsafeBufferPointer { iccBytes in
            texts.withUnsafeMutableBufferPointer { textBuffer in
              tiff.withUnsafeBufferPointer { exifBytes in
                var settings = cimg_png_encode_options(
                    compression_level: Int32(options.compressionLevel),
                    dpi: Int32(options.dpi ?? 0),
                    texts: textBuffer.isEmpty ? nil : UnsafePointer(textBuffer.baseAddress),
                    text_count: Int32(textBuffer.count),
                    exif: exifBytes.isEmpty ? nil : exifBytes.baseAddress,
                    exif_length: exifBytes.count,
                    icc: iccBytes.isEmpty ? nil : iccBytes.baseAddress,
                    icc_length: iccBytes.count,
                    srgb_intent: Int32(options.srgbIntent ?? -1))
                var error = cimg_error()
                if cimg_png_encode(pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.bytesPerRow,
                                   image.format.cimg, &settings, &output, &error) != 0 {
                    failure = error
                }
              }
            }
          }
        }
        if let failure { throw .encodingFailed(.png, ImagingError(failure, format: .png).reason) }
        return output.takeBytes()
    }
}
