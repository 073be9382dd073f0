import CImaging

/// giflib through CImaging: block walk for the header, composited frames.
enum GIFCodec {
    struct Header {
        var screen: PixelSize
        var frameCount: Int
        var loop: LoopCount
    }

    static func readHeader(_ bytes: UnsafeRawBufferPointer, maxFrames: Int) throws(ImagingError) -> Header {
        var info = cimg_gif_info()
        try checkCodec(.gif) { cimg_gif_read_info(bytes.uint8Base, bytes.count, UInt32(clamping: maxFrames), &info, $0) }
        return header(info)
    }

    /// `readHeader` over an open file, read block by block (the whole file is never in memory).
    static func readHeader(descriptor: Int32, maxFrames: Int) throws(ImagingError) -> Header {
        var info = cimg_gif_info()
        try checkCodec(.gif) { cimg_gif_read_info_fd(descriptor, UInt32(clamping: maxFrames), &info, $0) }
        return header(info)
    }

    private static func header(_ info: cimg_gif_info) -> Header {
        let loop: LoopCount = switch info.loop_count {
        case ..<0: .once
        case 0: .forever
        default: .repeats(Int(info.loop_count))
        }
        return Header(screen: PixelSize(width: Int(info.width), height: Int(info.height)),
                      frameCount: Int(info.frame_count), loop: loop)
    }

    /// Decodes the first `count` frames, each composited on the screen.
    static func decode(_ bytes: UnsafeRawBufferPointer, screen: PixelSize, count: Int) throws(ImagingError) -> [ImageFrame] {
        let frameBytes = screen.pixelCount * 4
        var delays = [UInt16](repeating: 0, count: count)
        var failure: ImagingError?
        let all = [UInt8](unsafeUninitializedCapacity: frameBytes * count) { buffer, initialized in
            var error = cimg_error()
            let status = delays.withUnsafeMutableBufferPointer { delayBuffer in
                cimg_gif_decode(bytes.uint8Base, bytes.count, UInt32(screen.width), UInt32(screen.height),
                                UInt32(count), buffer.baseAddress, delayBuffer.baseAddress, &error)
            }
            if status != 0 { failure = ImagingError(error, format: .gif) }
            initialized = status == 0 ? frameBytes * count : 0
        }
        if let failure { throw failure }
        return (0..<count).map { index in
            let pixels = Array(all[index * frameBytes..<(index + 1) * frameBytes])
            return ImageFrame(image: Image(width: screen.width, height: screen.height, format: .rgba8, pixels: pixels),
                              delayCentiseconds: Int(delays[index]))
        }
    }
}
