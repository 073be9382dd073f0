import CImaging

/// libheif through CImaging: the primary image's header, metadata blocks and
/// pixels (upright, transformations applied).
enum HEIFCodec {
    struct Header {
        /// Upright (irot, imir and clap applied).
        var size: PixelSize
        /// As coded (ispe).
        var codedSize: PixelSize
        var hasAlpha: Bool
        var bitDepth: Int
        /// The largest embedded thumbnail, upright.
        var thumbnailSize: PixelSize?
        var cicp: CICP?
        var hasICC: Bool
        var hasEXIF: Bool
        var hasXMP: Bool
    }

    enum Block: Int32 {
        case exif = 1
        case xmp = 2
        case icc = 3
    }

    /// The largest size the file's ispe boxes declare, read before libheif
    /// parses anything; nil when there is none.
    static func declaredSize(_ bytes: UnsafeRawBufferPointer) -> PixelSize? {
        var width: UInt32 = 0, height: UInt32 = 0
        cimg_heif_declared_size(bytes.uint8Base, bytes.count, &width, &height)
        return width > 0 && height > 0 ? PixelSize(width: Int(width), height: Int(height)) : nil
    }

    static func readHeader(_ bytes: UnsafeRawBufferPointer, format: ImageFormat) throws(ImagingError) -> Header {
        var info = cimg_heif_info()
        try checkCodec(format) { cimg_heif_read_info(bytes.uint8Base, bytes.count, &info, $0) }
        let thumbnail = info.thumbnail_width > 0 && info.thumbnail_height > 0
            ? PixelSize(width: Int(info.thumbnail_width), height: Int(info.thumbnail_height)) : nil
        let cicp = info.color_profile == Int32(CIMG_COLOR_CICP)
            ? CICP(primaries: Int(info.cicp_primaries), transfer: Int(info.cicp_transfer), matrix: Int(info.cicp_matrix),
                   fullRange: info.cicp_full_range != 0) : nil
        return Header(size: PixelSize(width: Int(info.width), height: Int(info.height)),
                      codedSize: PixelSize(width: Int(info.stored_width), height: Int(info.stored_height)),
                      hasAlpha: info.has_alpha != 0, bitDepth: Int(info.bit_depth),
                      thumbnailSize: thumbnail, cicp: cicp,
                      hasICC: info.icc_length > 0, hasEXIF: info.exif_length > 0, hasXMP: info.xmp_length > 0)
    }

    /// A metadata block of the primary image, or nil when it has none or it
    /// cannot be read (damaged metadata is not an error).
    static func block(_ block: Block, of bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        var output = cimg_buffer()
        var error = cimg_error()
        guard cimg_heif_copy_metadata(bytes.uint8Base, bytes.count, block.rawValue, &output, &error) == 0 else { return nil }
        let copied = output.takeBytes()
        return copied.isEmpty ? nil : copied
    }

    /// Decodes the primary image, or its largest thumbnail, upright.
    static func decode(_ bytes: UnsafeRawBufferPointer, format: ImageFormat, size: PixelSize, thumbnail: Bool,
                       hasAlpha: Bool, threads: Int) throws(ImagingError) -> Image {
        let pixelFormat: PixelFormat = hasAlpha ? .rgba8 : .rgb8
        var failure: ImagingError?
        let image = Image(width: size.width, height: size.height, format: pixelFormat) { pixels in
            var error = cimg_error()
            if cimg_heif_decode(bytes.uint8Base, bytes.count, thumbnail ? 1 : 0, Int32(threads), pixelFormat.cimg,
                                pixels.baseAddress, size.width * pixelFormat.bytesPerPixel,
                                UInt32(size.width), UInt32(size.height), &error) != 0 {
                failure = ImagingError(error, format: format)
                pixels.update(repeating: 0)
            }
        }
        if let failure { throw failure }
        return image
    }
}
