import CImaging

/// A GIF composited one frame at a time by CImaging's reader, straight
/// from an open file: memory holds the screen, not the file or its frames.
final class GIFFrameDecoder: FrameDecoding {
    private let handle: OpaquePointer
    let screen: PixelSize

    /// - Parameter descriptor: an open GIF, read from its current offset;
    ///   it must stay open while the decoder is used (the caller closes it).
    init(descriptor: Int32) throws(ImagingError) {
        var handle: OpaquePointer?
        var error = cimg_error()
        guard cimg_gif_reader_open_fd(descriptor, &handle, &error) == 0, let handle else {
            throw ImagingError(error, format: .gif)
        }
        self.handle = handle
        var width: UInt32 = 0, height: UInt32 = 0
        cimg_gif_reader_size(handle, &width, &height)
        screen = PixelSize(width: Int(width), height: Int(height))
    }

    deinit { cimg_gif_reader_free(handle) }

    /// The next frame, composited, with its delay; past the last frame an error.
    func next() throws(ImagingError) -> ImageFrame {
        var delay: UInt16 = 0
        var failure: ImagingError?
        let image = Image(width: screen.width, height: screen.height, format: .rgba8) { pixels in
            var error = cimg_error()
            if cimg_gif_reader_next(handle, pixels.baseAddress, &delay, &error) != 0 {
                failure = ImagingError(error, format: .gif)
                pixels.update(repeating: 0)
            }
        }
        if let failure { throw failure }
        return ImageFrame(image: image, delayCentiseconds: Int(delay))
    }
}
