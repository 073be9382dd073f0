import CImaging

/// libjpeg-turbo through CImaging: header, scaled decode, encode.
enum JPEGCodec {
    struct Header {
        var size: PixelSize
        var colorModel: ColorModel
        var components: Int
        var isProgressive: Bool
        var isGray: Bool
        /// Where the APP1 EXIF payload lies in the file, if anywhere.
        var exifRange: Range<Int>?
        /// Where the APP1 XMP packet lies (after its namespace header), if anywhere.
        var xmpRange: Range<Int>?
        /// Where the APP13 Photoshop image resources lie (after "Photoshop 3.0\0"), if anywhere.
        var photoshopRange: Range<Int>?
        /// libjpeg's warnings about the header ("Corrupt JPEG data: 3 extraneous bytes before marker 0xdb").
        var warnings: [String]
    }

    static func readHeader(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> Header {
        var info = cimg_jpeg_info()
        var warnings = cimg_warnings()
        try checkCodec(.jpeg) { cimg_jpeg_read_info(bytes.uint8Base, bytes.count, &info, &warnings, $0) }
        return Header(
            size: PixelSize(width: Int(info.width), height: Int(info.height)),
            colorModel: colorModel(colorSpace: info.color_space, adobeMarker: info.adobe_marker != 0),
            components: Int(info.components),
            isProgressive: info.progressive != 0,
            isGray: info.color_space == Int32(CIMG_JPEG_GRAY.rawValue),
            exifRange: info.exif_length > 0 ? info.exif_offset..<info.exif_offset + info.exif_length : nil,
            xmpRange: info.xmp_length > 0 ? info.xmp_offset..<info.xmp_offset + info.xmp_length : nil,
            photoshopRange: info.photoshop_length > 0
                ? info.photoshop_offset..<info.photoshop_offset + info.photoshop_length : nil,
            warnings: lines(of: warnings)
        )
    }

    /// The model of libjpeg's colour space (`cimg_jpeg_color_space`); CMYK is
    /// inverted when Adobe's APP14 marker says so (every YCCK file is).
    static func colorModel(colorSpace: Int32, adobeMarker: Bool) -> ColorModel {
        switch cimg_jpeg_color_space(rawValue: UInt32(bitPattern: colorSpace)) {
        case CIMG_JPEG_GRAY: ColorModel(.gray)
        case CIMG_JPEG_RGB: ColorModel(.rgb)
        case CIMG_JPEG_CMYK: ColorModel(adobeMarker ? .invertedCMYK : .cmyk)
        case CIMG_JPEG_YCCK: ColorModel(.ycck)
        default: ColorModel(.ycbcr)
        }
    }

    /// The lines of a C warning list.
    static func lines(of warnings: cimg_warnings) -> [String] {
        let text = withUnsafeBytes(of: warnings.text) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        return text.split(separator: "\n").map(String.init)
    }

    /// The ICC profile of the APP2 markers, or nil (none, or incomplete).
    static func readICC(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        var output = cimg_buffer()
        var error = cimg_error()
        guard cimg_jpeg_read_icc(bytes.uint8Base, bytes.count, &output, &error) == 0 else { return nil }
        let profile = output.takeBytes()
        return profile.isEmpty ? nil : profile
    }

    static func scaledSize(_ stored: PixelSize, numerator: Int) -> PixelSize {
        var width: UInt32 = 0, height: UInt32 = 0
        cimg_jpeg_scaled_size(UInt32(stored.width), UInt32(stored.height), Int32(numerator), &width, &height)
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// Decodes at `numerator`/8 into a new image of `format` (gray8 or rgb8),
    /// with what the decode went past (`JPEGDamage`, which judges it).
    /// With `rawCMYK`, a CMYK or YCCK file gives its four inks as stored
    /// into an image of `format` rgba8 (four bytes a pixel).
    static func decode(_ bytes: UnsafeRawBufferPointer, scaledSize: PixelSize, numerator: Int,
                       format: PixelFormat, maxScans: Int,
                       rawCMYK: Bool = false) throws(ImagingError) -> (image: Image, damage: JPEGDamage) {
        var options = cimg_jpeg_decode_options(
            scale_num: Int32(numerator), pixel_format: format.cimg, max_scans: Int32(clamping: maxScans),
            raw_cmyk: rawCMYK ? 1 : 0)
        var failure: ImagingError?
        var damage = cimg_jpeg_damage()
        let image = Image(width: scaledSize.width, height: scaledSize.height, format: format) { pixels in
            var error = cimg_error()
            let status = cimg_jpeg_decode(
                bytes.uint8Base, bytes.count, &options, pixels.baseAddress, scaledSize.width * format.bytesPerPixel,
                UInt32(scaledSize.width), UInt32(scaledSize.height), &damage, &error)
            if status != 0 {
                failure = ImagingError(error, format: .jpeg)
                pixels.update(repeating: 0)
            }
        }
        if let failure { throw failure }
        return (image, JPEGDamage(warnings: lines(of: damage.warnings),
                                  rowsWithData: damage.data_ended != 0 ? Int(damage.rows_with_data) : nil))
    }

    static func encode(_ image: Image, options: JPEGEncodingOptions) throws(ImagingError) -> [UInt8] {
        precondition(image.format != .rgba8, "flatten alpha before JPEG encoding")
        var output = cimg_buffer()
        let exif = options.exif ?? []
        let icc = options.iccProfile ?? []
        var failure: cimg_error?
        image.pixels.withUnsafeBufferPointer { pixels in
            exif.withUnsafeBufferPointer { exifBytes in
              icc.withUnsafeBufferPointer { iccBytes in
                withOptionalCString(options.comment) { comment in
                    var settings = cimg_jpeg_encode_options(
                        quality: Int32(options.quality),
                        chroma_444: options.chromaSubsampling == .none ? 1 : 0,
                        progressive: options.progressive ? 1 : 0,
                        optimize_huffman: options.optimizeHuffman ? 1 : 0,
                        dpi: Int32(options.dpi ?? 0),
                        exif: exifBytes.isEmpty ? nil : exifBytes.baseAddress,
                        exif_length: exifBytes.count,
                        comment: comment,
                        icc: iccBytes.isEmpty ? nil : iccBytes.baseAddress,
                        icc_length: iccBytes.count)
                    var error = cimg_error()
                    if cimg_jpeg_encode(pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.bytesPerRow,
                                        image.format.cimg, &settings, &output, &error) != 0 {
                        failure = error
                    }
                }
              }
            }
        }
        if let failure {
            throw .encodingFailed(.jpeg, ImagingError(failure, format: .jpeg).reason)
        }
        return output.takeBytes()
    }
}

extension ImagingError {
    /// The message without its "corrupt JPEG:" prefix, for re-wrapping.
    var reason: String {
        switch self {
        case .corrupt(_, let reason), .truncated(_, let reason), .encodingFailed(_, let reason),
             .videoEncodingFailed(let reason), .videoDecodingFailed(let reason):
            reason
        case .limitExceeded(let limit): limit.description
        case .fileSystem(let error): error.description
        case .outputRefused(let refusal): refusal.description
        default: description
        }
    }
}

/// Calls `body` with `text` as a C string, or with nil.
func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
