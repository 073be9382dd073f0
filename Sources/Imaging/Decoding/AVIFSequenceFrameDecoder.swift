/// The frames of an AVIF (or HEIF) image sequence's track, decoded by
/// FFmpeg (its MP4 demuxer reads the `moov`, dav1d the AV1 samples) and
/// converted to RGB8 by the stream's matrix, each lasting until the next
/// one's time. libheif 1.15 reads only the still.
final class AVIFSequenceFrameDecoder: FrameDecoding {
    private let reader: VideoReader
    private let format: ImageFormat

    init(path: String, info: ImageInfo, limits: DecodeLimits) throws(ImagingError) {
        format = info.format
        do {
            reader = try VideoReader(path: path, limits: limits)
        } catch {
            throw Self.asFileError(error, format: info.format)
        }
    }

    func next() throws(ImagingError) -> ImageFrame {
        let frame: VideoFrame?
        do { frame = try reader.nextFrame() } catch { throw Self.asFileError(error, format: format) }
        guard let frame else { throw .truncated(format, "its sequence ends before the frames its sample table counts") }
        let info = reader.info
        let milliseconds = Double(frame.durationTicks) * Double(info.tickNumerator) * 1000 / Double(max(1, info.tickDenominator))
        return ImageFrame(image: frame.image, delayMilliseconds: Int(milliseconds.rounded()))
    }

    /// FFmpeg's failures, as the file's.
    private static func asFileError(_ error: ImagingError, format: ImageFormat) -> ImagingError {
        if case .videoDecodingFailed(let reason) = error { return .corrupt(format, reason) }
        return error
    }
}
