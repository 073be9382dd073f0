import CImaging

/// libjxl through CImaging: the header with its colours, frames and
/// metadata boxes, and pixels as stored (8 bits per sample), whole or from
/// the DC pass alone.
enum JXLCodec {
    struct Header {
        /// As stored, before the codestream's orientation.
        var size: PixelSize
        var bitsPerSample: Int
        var hasFloatSamples: Bool
        var isGray: Bool
        var hasAlpha: Bool
        /// C, M, Y and a black extra channel, each stored as 1 - ink; `icc` is its CMYK profile.
        var isCMYK: Bool
        /// The codestream's: the one that counts (an Exif box's is not applied).
        var orientation: Orientation
        /// Coded in XYB (VarDCT or lossy modular) rather than in its own colours.
        var isLossy: Bool
        var hasContainer: Bool
        var hasJPEGReconstruction: Bool
        /// The codestream's preview, as stored. Told, not decoded: no encoder
        /// Filmroll can test with writes one (libjxl 0.7's has no API for it).
        var previewSize: PixelSize?
        var frameCount: Int
        var isAnimated: Bool
        /// Animation plays; 0 forever.
        var loopCount: Int
        /// The picture is larger than the pixel limit: nothing after its size was read.
        var isHeaderOnly: Bool
        /// The file ends inside a frame.
        var isTruncated: Bool
        /// The decoded pixels' ICC profile; nil when they are sRGB.
        var icc: [UInt8]?
        /// The Exif box's TIFF (after its offset field).
        var exif: [UInt8]?
        var xmp: [UInt8]?
    }

    /// Reads everything but the pixels; a picture of more than `maxPixels`
    /// comes back `isHeaderOnly`, read no further than its size.
    static func readHeader(_ bytes: UnsafeRawBufferPointer, maxPixels: Int, maxFrames: Int,
                           maxBoxBytes: Int) throws(ImagingError) -> Header {
        var info = cimg_jxl_info()
        try checkCodec(.jpegXL) {
            cimg_jxl_read_info(bytes.uint8Base, bytes.count, UInt64(clamping: maxPixels), UInt32(clamping: maxFrames),
                               maxBoxBytes, &info, $0)
        }
        defer { cimg_jxl_info_free(&info) }
        let preview = info.preview_width > 0 && info.preview_height > 0
            ? PixelSize(width: Int(info.preview_width), height: Int(info.preview_height)) : nil
        return Header(size: PixelSize(width: Int(info.width), height: Int(info.height)),
                      bitsPerSample: Int(info.bits_per_sample), hasFloatSamples: info.float_samples != 0,
                      isGray: info.color_channels == 1, hasAlpha: info.has_alpha != 0, isCMYK: info.has_black != 0,
                      orientation: Orientation(exifValue: Int(info.orientation)), isLossy: info.is_lossy != 0,
                      hasContainer: info.has_container != 0, hasJPEGReconstruction: info.has_jpeg_reconstruction != 0,
                      previewSize: preview, frameCount: Int(info.frame_count), isAnimated: info.is_animated != 0,
                      loopCount: Int(info.loop_count), isHeaderOnly: info.header_only != 0,
                      isTruncated: info.truncated != 0,
                      icc: info.is_srgb != 0 ? nil : info.icc.copiedBytes, exif: info.exif.copiedBytes,
                      xmp: info.xmp.copiedBytes)
    }

    /// Decodes `frames` frames of `size` as stored, or, with `shrink` 8, the
    /// picture at an eighth from its DC pass (`size` is then the stored size
    /// divided by 8, rounded up). A CMYK picture decodes whole: with
    /// `rawCMYK` to its four inks as stored (1 - ink) in an `.rgba8` image,
    /// for its CMYK profile; otherwise to a naive `.rgb8` (each colour sample
    /// times black).
    static func decode(_ bytes: UnsafeRawBufferPointer, size: PixelSize, format: PixelFormat, shrink: Int,
                       frames: Int = 1, threads: Int, rawCMYK: Bool = false) throws(ImagingError) -> [ImageFrame] {
        let rowBytes = size.width * format.bytesPerPixel
        let frameBytes = rowBytes * size.height
        var delays = [UInt32](repeating: 0, count: frames)
        var options = cimg_jxl_decode_options(pixel_format: format.cimg, threads: Int32(clamping: threads),
                                              shrink: Int32(shrink), frame_count: UInt32(clamping: frames),
                                              raw_cmyk: rawCMYK ? 1 : 0)
        var failure: cimg_error?
        let all = [UInt8](unsafeUninitializedCapacity: frameBytes * frames) { buffer, initialized in
            var error = cimg_error()
            let status = delays.withUnsafeMutableBufferPointer { delayBuffer in
                cimg_jxl_decode(bytes.uint8Base, bytes.count, &options, buffer.baseAddress, rowBytes,
                                UInt32(size.width), UInt32(size.height), delayBuffer.baseAddress, &error)
            }
            if status != 0 {
                failure = error
                buffer.update(repeating: 0)
            }
            initialized = buffer.count
        }
        if let failure { throw ImagingError(failure, format: .jpegXL) }
        if frames == 1 {
            return [ImageFrame(image: Image(width: size.width, height: size.height, format: format, pixels: all),
                               delayMilliseconds: Int(delays[0]))]
        }
        return (0..<frames).map { index in
            let pixels = Array(all[index * frameBytes..<(index + 1) * frameBytes])
            return ImageFrame(image: Image(width: size.width, height: size.height, format: format, pixels: pixels),
                              delayMilliseconds: Int(delays[index]))
        }
    }

    /// libjxl's version, "0.7.0".
    static var version: String {
        let number = cimg_jxl_version()
        return "\(number / 1_000_000).\(number / 1_000 % 1_000).\(number % 1_000)"
    }
}
