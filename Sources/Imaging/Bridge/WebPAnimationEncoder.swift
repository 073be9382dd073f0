import CImaging

/// libwebpmux's WebPAnimEncoder through CImaging: RGBA frames with their
/// start times in, the assembled file out.
final class WebPAnimationEncoder {
    private var handle: OpaquePointer?
    let size: PixelSize

    init(size: PixelSize, options: WebPAnimationOptions) throws(ImagingError) {
        self.size = size
        var settings = cimg_webp_anim_options(
            loop_count: Int32(options.loop.webPValue), lossless: options.lossless ? 1 : 0,
            quality: Float(max(0, min(100, options.quality))), method: Int32(max(0, min(6, options.method))),
            allow_mixed: options.allowMixed ? 1 : 0,
            kmin: Int32(options.keyFrameSpacing?.lowerBound ?? 0), kmax: Int32(options.keyFrameSpacing?.upperBound ?? 0),
            sharp_yuv: options.sharpYUV ? 1 : 0)
        var error = cimg_error()
        guard cimg_webp_anim_encoder_new(UInt32(size.width), UInt32(size.height), &settings, &handle, &error) == 0 else {
            throw .encodingFailed(.webp, ImagingError(error, format: .webp).reason)
        }
    }

    deinit { cimg_webp_anim_encoder_free(handle) }

    /// Encodes `frame` (RGBA8 of the canvas's size), which starts at `timestamp` milliseconds.
    func add(_ frame: Image, timestamp: Int) throws(ImagingError) {
        precondition(frame.format == .rgba8 && frame.size == size)
        var error = cimg_error()
        let status = frame.pixels.withUnsafeBufferPointer { pixels in
            cimg_webp_anim_encoder_add(handle, pixels.baseAddress, frame.bytesPerRow, Int32(clamping: timestamp), &error)
        }
        if status != 0 { throw .encodingFailed(.webp, ImagingError(error, format: .webp).reason) }
    }

    /// Ends the animation at `end` milliseconds and hands the file, with
    /// `xmp` when given, to `body` in pieces (valid only inside it): the
    /// file is never copied.
    func finish(end: Int, xmp: [UInt8]?,
                _ body: (UnsafeRawBufferPointer) throws(ImagingError) -> Void) throws(ImagingError) {
        var file = cimg_webp_file()
        var error = cimg_error()
        let status = (xmp ?? []).withUnsafeBufferPointer { packet in
            packet.withMemoryRebound(to: CChar.self) { text in
                cimg_webp_anim_encoder_finish(handle, Int32(clamping: end), text.baseAddress, text.count, &file, &error)
            }
        }
        if status != 0 { throw .encodingFailed(.webp, ImagingError(error, format: .webp).reason) }
        try body(UnsafeRawBufferPointer(start: file.head, count: file.head_size))
        if file.tail_size > 0 { try body(UnsafeRawBufferPointer(start: file.tail, count: file.tail_size)) }
    }
}
