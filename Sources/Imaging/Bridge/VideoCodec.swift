import CImaging

/// FFmpeg through CImaging: an H.264/MP4 writer fed RGB frames, and a
/// reader that decodes a video's frames back to RGB. The only Swift that
/// touches libav; `VideoEncoder` and `VideoReader` hold the policy.
enum VideoCodec {
    /// Loads FFmpeg (loaded on first use, not at launch).
    static func load() throws(ImagingError) {
        var error = cimg_error()
        if cimg_video_require(&error) != 0 { throw .videoEncodingFailed(Writer.message(error)) }
    }

    /// An MP4 being written through a file descriptor the caller owns.
    final class Writer {
        private var handle: OpaquePointer?

        /// Starts the MP4 on `descriptor`, an empty file at `path`; with
        /// `audioFrom`, the reader's sound goes in: AAC as it is, other sound
        /// re-encoded to AAC (the reader outlives the writer).
        init(descriptor: Int32, path: String, size: PixelSize, options: VideoOptions,
             audioFrom source: Reader? = nil) throws(ImagingError) {
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
                        comment: options.comment == nil ? nil : comment, audio_source: source?.handle)
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

        /// Encodes one frame given as its Y, Cb and Cr planes at the writer's
        /// size, packed (`CIMG_VIDEO_PLANES_YUV420_SCALED`), lasting `duration` ticks.
        func add(planes: [UInt8], duration: Int64) throws(ImagingError) {
            var error = cimg_error()
            let status = planes.withUnsafeBufferPointer { bytes in
                cimg_video_writer_add(handle, bytes.baseAddress, 0, Int32(CIMG_VIDEO_PLANES_YUV420_SCALED), duration, &error)
            }
            if status != 0 { throw .videoEncodingFailed(Self.message(error)) }
        }

        /// The sound copied after each frame from now on: the reader's packets
        /// queued before `mark` (a frame's `soundMark`); nil: all queued.
        func limitSound(to mark: UInt64?) {
            cimg_video_writer_limit_sound(handle, mark ?? .max)
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
        /// Degrees clockwise that turn a frame upright: 0, 90, 180 or 270.
        var rotation: Int
        var hasAudio: Bool
        /// Whether that sound is one browsers play in an MP4 (AAC, MP3, Opus, FLAC).
        var soundPlaysInBrowsers: Bool
        /// An H.264 stream's profile_idc (100 High, 110 High 10, 122 High 4:2:2, 244 High 4:4:4); 0 otherwise.
        var h264Profile: Int
        /// The container's length in seconds; 0 when it does not say.
        var containerSeconds: Double
    }

    /// A video file being decoded, frame after frame.
    final class Reader {
        fileprivate var handle: OpaquePointer?
        let header: Header

        /// Opens the video at `path`, or the one that fills `byteRange` of it (a motion photo's).
        /// - Parameter quick: decode no frame to probe what the container already says
        ///   (the header's `isYUV420` is then false).
        init(path: String, byteRange: Range<Int>? = nil, quick: Bool = false, threads: Int, maxPixels: Int) throws(ImagingError) {
            var info = cimg_video_info()
            var error = cimg_error()
            var opened: OpaquePointer?
            let start = Int64(byteRange?.lowerBound ?? 0), end = Int64(byteRange?.upperBound ?? 0)
            let status = path.withPlatformPath {
                cimg_video_reader_open_part($0, start, end, quick ? 1 : 0, Int32(clamping: threads), Int64(maxPixels), &opened,
                                            &info, &error)
            }
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
                            isYUV420: info.chroma_420 != 0, codec: cTextField(info.codec),
                            rotation: Int(info.rotation), hasAudio: info.has_audio != 0,
                            soundPlaysInBrowsers: info.audio_plays_in_browsers != 0, h264Profile: Int(info.h264_profile),
                            containerSeconds: info.container_seconds)
        }

        /// The container's tags, then the video stream's, in file order
        /// (the first of a repeated key is kept); at most 64 KB of them.
        func tags() -> [String: String] {
            var buffer = cimg_buffer()
            var error = cimg_error()
            guard cimg_video_reader_tags(handle, 64 << 10, &buffer, &error) == 0 else { return [:] }
            defer { cimg_buffer_free(&buffer) }
            guard let data = buffer.data else { return [:] }
            let fields = UnsafeBufferPointer(start: data, count: buffer.size).split(separator: 0, omittingEmptySubsequences: false)
            var tags: [String: String] = [:]
            var index = 0
            while index + 1 < fields.count {
                let key = String(decoding: fields[index], as: UTF8.self)
                if tags[key] == nil { tags[key] = String(decoding: fields[index + 1], as: UTF8.self) }
                index += 2
            }
            return tags
        }

        /// Moves to the key frame at or before `ticks`, or with `forward` the
        /// one at or after it (throwing when there is none).
        func seek(toTicks ticks: Int64, forward: Bool = false) throws(ImagingError) {
            var error = cimg_error()
            if cimg_video_reader_seek(handle, ticks, forward ? 1 : 0, &error) != 0 {
                throw .videoDecodingFailed(Writer.message(error))
            }
        }

        /// Whether only key frames are decoded (the others dropped unread).
        func decodesKeyFramesOnly(_ on: Bool) {
            cimg_video_reader_key_frames_only(handle, on ? 1 : 0)
        }

        /// The next frame as RGB8 scaled to `size` (no larger than the
        /// frame), with its time and duration in ticks and its `soundMark`
        /// (as `nextPlanes(scaledTo:into:)`'s); nil at the end.
        func nextRGB(scaledTo size: PixelSize) throws(ImagingError) -> (image: Image, pts: Int64, duration: Int64,
                                                                         soundMark: UInt64)? {
            var frame = cimg_video_frame_info()
            var failure: ImagingError?
            let image = Image(width: size.width, height: size.height, format: .rgb8) { pixels in
                var error = cimg_error()
                if cimg_video_reader_next_scaled(handle, PixelFormat.rgb8.cimg, UInt32(size.width), UInt32(size.height),
                                                 pixels.baseAddress, size.width * 3, &frame, &error) != 0 {
                    failure = .videoDecodingFailed(Writer.message(error))
                }
                if failure != nil || frame.decoded == 0 { pixels.update(repeating: 0) }
            }
            if let failure { throw failure }
            return frame.decoded == 0 ? nil : (image, frame.pts, frame.duration, frame.sound_mark)
        }

        deinit { cimg_video_reader_free(handle) }

        /// The next frame's planes scaled to `size` in 8-bit 4:2:0, limited
        /// range, of the stream's matrix, packed; nil at the end.
        func nextPlanes(scaledTo size: PixelSize) throws(ImagingError) -> (bytes: [UInt8], pts: Int64, duration: Int64)? {
            var bytes: [UInt8] = []
            return try nextPlanes(scaledTo: size, into: &bytes).map { (bytes, $0.pts, $0.duration) }
        }

        /// As `nextPlanes(scaledTo:)`, into `bytes`, which keeps its storage when it is
        /// already the size (a frame after frame costs no allocation, no page faults).
        /// `soundMark`: the sound packets queued for a writer when the frame came (`limitSound(to:)`).
        func nextPlanes(scaledTo size: PixelSize,
                        into bytes: inout [UInt8]) throws(ImagingError) -> (pts: Int64, duration: Int64, soundMark: UInt64)? {
            let chroma = ((size.width + 1) / 2) * ((size.height + 1) / 2)
            if bytes.count != size.pixelCount + 2 * chroma { bytes = [UInt8](repeating: 0, count: size.pixelCount + 2 * chroma) }
            var frame = cimg_video_frame_info()
            var error = cimg_error()
            let status = bytes.withUnsafeMutableBufferPointer { planes in
                cimg_video_reader_next_scaled(handle, Int32(CIMG_VIDEO_PLANES_YUV420_SCALED), UInt32(size.width),
                                              UInt32(size.height), planes.baseAddress, size.width, &frame, &error)
            }
            if status != 0 { throw .videoDecodingFailed(Writer.message(error)) }
            return frame.decoded == 0 ? nil : (frame.pts, frame.duration, frame.sound_mark)
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
