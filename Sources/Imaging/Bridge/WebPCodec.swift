import CImaging

/// libwebp through CImaging: container header and chunks, scaled still
/// decode, and composited animation frames.
enum WebPCodec {
    struct Header {
        var size: PixelSize
        var hasAlpha: Bool
        var isAnimated: Bool
        var isLossless: Bool
        var frameCount: Int
        /// Animations: 0 forever, N plays.
        var loopCount: Int
        var hasICC: Bool
        var hasEXIF: Bool
        var hasXMP: Bool
    }

    static func readHeader(_ bytes: UnsafeRawBufferPointer, maxFrames: Int) throws(ImagingError) -> Header {
        var info = cimg_webp_info()
        try checkCodec(.webp) { cimg_webp_read_info(bytes.uint8Base, bytes.count, UInt32(clamping: maxFrames), &info, $0) }
        return Header(size: PixelSize(width: Int(info.width), height: Int(info.height)), hasAlpha: info.has_alpha != 0,
                      isAnimated: info.is_animated != 0, isLossless: info.is_lossless != 0,
                      frameCount: Int(info.frame_count), loopCount: Int(info.loop_count),
                      hasICC: info.icc_length > 0, hasEXIF: info.exif_length > 0, hasXMP: info.xmp_length > 0)
    }

    /// The bytes of a chunk ("ICCP", "EXIF", "XMP "), or nil.
    static func chunk(_ fourCC: String, of bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        var output = cimg_buffer()
        var error = cimg_error()
        let status = fourCC.withCString { name in
            cimg_webp_copy_chunk(bytes.uint8Base, bytes.count, name, &output, &error)
        }
        guard status == 0 else { return nil }
        let copied = output.takeBytes()
        return copied.isEmpty ? nil : copied
    }

    /// Decodes a still at `size` (scaling while decoding when smaller than stored).
    static func decode(_ bytes: UnsafeRawBufferPointer, size: PixelSize, hasAlpha: Bool) throws(ImagingError) -> Image {
        let format: PixelFormat = hasAlpha ? .rgba8 : .rgb8
        var failure: ImagingError?
        let image = Image(width: size.width, height: size.height, format: format) { pixels in
            var error = cimg_error()
            if cimg_webp_decode(bytes.uint8Base, bytes.count, format.cimg, pixels.baseAddress,
                                size.width * format.bytesPerPixel, UInt32(size.width), UInt32(size.height), &error) != 0 {
                failure = ImagingError(error, format: .webp)
                pixels.update(repeating: 0)
            }
        }
        if let failure { throw failure }
        return image
    }

    /// The first `count` frames of an animation, composited on the canvas.
    static func decodeFrames(_ bytes: UnsafeRawBufferPointer, canvas: PixelSize, count: Int) throws(ImagingError) -> [ImageFrame] {
        let frameBytes = canvas.width * canvas.height * 4
        var delays = [UInt32](repeating: 0, count: count)
        var all = [UInt8](repeating: 0, count: frameBytes * count)
        var error = cimg_error()
        let status = all.withUnsafeMutableBufferPointer { frames in
            delays.withUnsafeMutableBufferPointer { delayBuffer in
                cimg_webp_decode_frames(bytes.uint8Base, bytes.count, UInt32(canvas.width), UInt32(canvas.height),
                                        UInt32(count), frames.baseAddress, delayBuffer.baseAddress, &error)
            }
        }
        if status != 0 { throw ImagingError(error, format: .webp) }
        return (0..<count).map { index in
            let pixels = Array(all[index * frameBytes..<(index + 1) * frameBytes])
            return ImageFrame(image: Image(width: canvas.width, height: canvas.height, format: .rgba8, pixels: pixels),
                              delayMilliseconds: Int(delays[index]))
        }
    }
}
