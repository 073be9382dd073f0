import CImaging

/// An animated WebP composited one frame at a time by libwebp's
/// WebPAnimDecoder, over its own copy of the file's bytes.
final class WebPFrameDecoder: FrameDecoding {
    private let handle: OpaquePointer
    let canvas: PixelSize

    /// - Parameter canvas: the canvas the header gave.
    init(_ bytes: [UInt8], canvas: PixelSize) throws(ImagingError) {
        var handle: OpaquePointer?
        var error = cimg_error()
        let status = bytes.withUnsafeBufferPointer { data in
            cimg_webp_frames_open(data.baseAddress, data.count, UInt32(canvas.width), UInt32(canvas.height), &handle, &error)
        }
        guard status == 0, let handle else { throw ImagingError(error, format: .webp) }
        self.handle = handle
        self.canvas = canvas
    }

    deinit { cimg_webp_frames_free(handle) }

    /// The next frame, composited, with its duration in milliseconds; past the last frame an error.
    func next() throws(ImagingError) -> ImageFrame {
        var delay: UInt32 = 0
        var failure: ImagingError?
        let image = Image(width: canvas.width, height: canvas.height, format: .rgba8) { pixels in
            var error = cimg_error()
            if cimg_webp_frames_next(handle, pixels.baseAddress, &delay, &error) != 0 {
                failure = ImagingError(error, format: .webp)
                pixels.update(repeating: 0)
            }
        }
        if let failure { throw failure }
        return ImageFrame(image: image, delayMilliseconds: Int(delay))
    }
}
