import CImaging

/// Writes a GIF89a through giflib: a loop extension, then frames, each
/// with its own colour table, delay, transparency and disposal. The bytes
/// go to `sink` frame by frame, as giflib makes them.
final class GIFWriter {
    private var handle: OpaquePointer?
    private let sink: any ByteSink

    /// - Parameters:
    ///   - loop: `.once` writes no loop extension.
    ///   - comment: text for a comment extension before the first frame.
    init(size: PixelSize, loop: LoopCount, comment: String? = nil, sink: any ByteSink) throws(ImagingError) {
        self.sink = sink
        var error = cimg_error()
        let code = Int32(loop.netscapeValue ?? -1)
        let status = withOptionalCString(comment) { comment in
            cimg_gif_writer_open(UInt32(size.width), UInt32(size.height), code, comment, &handle, &error)
        }
        guard status == 0 else {
            throw .encodingFailed(.gif, ImagingError(error, format: .gif).reason)
        }
        try drain()
    }

    deinit { if let handle { cimg_gif_writer_discard(handle) } }

    /// Adds one frame of palette indices covering `rect` (rows of `rect.width`).
    func add(indices: [UInt8], rect: PixelRect, palette: [UInt8], transparentIndex: Int?, delayCentiseconds: Int,
             disposal: Int) throws(ImagingError) {
        var error = cimg_error()
        let status = indices.withUnsafeBufferPointer { pixels in
            palette.withUnsafeBufferPointer { colors in
                cimg_gif_writer_add(handle, pixels.baseAddress, rect.width, UInt32(rect.x), UInt32(rect.y), UInt32(rect.width),
                                    UInt32(rect.height), colors.baseAddress, Int32(palette.count / 3),
                                    Int32(transparentIndex ?? -1), Int32(min(65535, delayCentiseconds)), Int32(disposal), &error)
            }
        }
        if status != 0 { throw .encodingFailed(.gif, ImagingError(error, format: .gif).reason) }
        try drain()
    }

    /// Writes the trailer; the writer cannot be used afterwards.
    func finish() throws(ImagingError) {
        var output = cimg_buffer()
        var error = cimg_error()
        let status = cimg_gif_writer_finish(handle, &output, &error)
        handle = nil
        defer { cimg_buffer_free(&output) }
        if status != 0 { throw .encodingFailed(.gif, ImagingError(error, format: .gif).reason) }
        try write(output)
    }

    /// Hands the bytes giflib has made so far to the sink.
    private func drain() throws(ImagingError) {
        var output = cimg_buffer()
        cimg_gif_writer_take(handle, &output)
        defer { cimg_buffer_free(&output) }
        try write(output)
    }

    private func write(_ output: cimg_buffer) throws(ImagingError) {
        guard let data = output.data, output.size > 0 else { return }
        try sink.append(UnsafeRawBufferPointer(start: data, count: output.size))
    }
}
