import CImaging

/// FFmpeg through CImaging: an H.264/MP4 writer fed RGB frames, and a
/// reader that decodes a video's frames back to RGB. The only Swift that
/// touches libav; `VideoEncoder` and `VideoReader` hold the policy.
enum VideoCodec {
    /// An MP4 being written through a file descriptor the caller owns.
    final class Writer {
        private var handle: OpaquePointer?

        /// Starts the MP4 on `descriptor`, an empty file at `path`.
        init(descriptor: Int32, path: String, size: PixelSize, options: VideoOptions) throws(ImagingError) {
            let tick = options.timing.tick, rate = options.timing.nominalRate
            var error = cimg_error()
            let status = options.preset.rawValue.withCString { preset in
                (options.comment ?? "").withCString { comment in
                    var settings = cimg_video_writer_options(
                        width: UInt32(size.width), height: UInt32(size.height),
                        time_base_num: Int32(tick.numerator), time_base_den: Int32(tick.denominator),
                        frame_rate_num: Int32(rate.numerator), frame_rate_den: Int32(rate.denominator),
                        crf: options.crf, preset: preset, tune: nil, threads: Int32(options.threads),
                        lookahead: Int32(options.lookahead),
                        comment: options.comment == nil ? nil : comment)
                    return path.withPlatformPath { cimg_video_writer_open(descriptor, $0, &settings, &handle, &error) }
                }
            }
            if status != 0 { throw .videoEncodingFailed(Self.message(error)) }
        }

        deinit { cimg_video_writer_free(handle) }

        /// Encodes one frame of the writer's size (the image may be larger:
        /// its top-left part is used) lasting `duration` ticks.
        func add(_ frame: Image, duration: Int64) throws(ImagingError) {
            var error = cimg_error()
            let status = frame.pixels.withUnsafeBufferPointer { pixels in
                cimg_video_writer_add(handle, pixels.baseAddress, frame.bytesPerRow, frame.format.cimg, duration, &error)
            }
            if status != 0 { throw .videoEncodingFailed(Self.message(error)) }
        }

        /// Flushes the encoder and writes the index, moov before mdat.
        func finish() throws(ImagingError) {
            var error = cimg_error()
            if cimg_video_writer_finish(handle, &error) != 0 { throw .videoEncodingFailed(Self.message(error)) }
        }

        static func message(_ error: cimg_error) -> String { cTextField(error.message) }
    }

    /// What a video file says about itself, before any frame is decoded.
    struct Header {
        var size: PixelSize
        var frameCount: Int
        var tick: (numerator: Int, denominator: Int)
        var durationTicks: Int64
        var frameRate: FrameRate?
        var color: CICP
        var isYUV420: Bool
        var codec: String
    }

    /// A video file being decoded, frame after frame.
    final class Reader {
        private var handle: OpaquePointer?
        let header: Header

        init(path: String, threads: Int, maxPixels: Int) throws(ImagingError) {
            var info = cimg_video_info()
            var error = cimg_error()
            var opened: OpaquePointer?
            let status = path.withPlatformPath { cimg_video_reader_open($0, Int32(clamping: threads), Int64(maxPixels), &opened, &info, &error) }
            handle = opened
            if status != 0 {
                if error.status == Int32(CIMG_ERR_LIMIT.rawValue) && info.width > 0 {
                    throw .imageTooLarge(PixelSize(width: Int(info.width), height: Int(info.height)))
                }
                throw .videoDecodingFailed(Writer.message(error))
            }
            header = Header(size: PixelSize(width: Int(info.width), height: Int(info.height)),
                            frameCount: Int(info.frame_count),
                            tick: (Int(info.time_base_num), Int(max(1, info.time_base_den))),
                            durationTicks: info.duration,
                            frameRate: FrameRate(numerator: Int(info.frame_rate_num), denominator: Int(info.frame_rate_den)),
                            color: CICP(primaries: Int(info.color_primaries), transfer: Int(info.color_transfer),
                                        matrix: Int(info.color_matrix), fullRange: info.full_range != 0),
                            isYUV420: info.chroma_420 != 0, codec: cTextField(info.codec))
        }

        deinit { cimg_video_reader_free(handle) }

        /// The next frame as RGB8, with its time and duration in ticks; nil at the end.
        func nextRGB() throws(ImagingError) -> (image: Image, pts: Int64, duration: Int64)? {
            let size = header.size
            var frame = cimg_video_frame_info()
            var failure: ImagingError?
            let image = Image(width: size.width, height: size.height, format: .rgb8) { pixels in
                var error = cimg_error()
                if cimg_video_reader_next(handle, PixelFormat.rgb8.cimg, pixels.baseAddress, size.width * 3, &frame, &error) != 0 {
                    failure = .videoDecodingFailed(Writer.message(error))
                }
                if failure != nil || frame.decoded == 0 { pixels.update(repeating: 0) }
            }
            if let failure { throw failure }
            return frame.decoded == 0 ? nil : (image, frame.pts, frame.duration)
        }

        /// The next frame's Y, Cb and Cr planes as coded, packed; nil at the end.
        func nextPlanes() throws(ImagingError) -> (bytes: [UInt8], pts: Int64, duration: Int64)? {
            let size = header.size
            let chroma = ((size.width + 1) / 2) * ((size.height + 1) / 2)
            var bytes = [UInt8](repeating: 0, count: size.pixelCount + 2 * chroma)
            var frame = cimg_video_frame_info()
            var error = cimg_error()
            let status = bytes.withUnsafeMutableBufferPointer { planes in
                cimg_video_reader_next(handle, Int32(CIMG_VIDEO_PLANES_YUV420), planes.baseAddress, size.width, &frame, &error)
            }
            if status != 0 { throw .videoDecodingFailed(Writer.message(error)) }
            return frame.decoded == 0 ? nil : (bytes, frame.pts, frame.duration)
        }
    }

    /// FFmpeg's version, for `--version`.
    static var version: String { String(cString: cimg_video_version()) }
}
