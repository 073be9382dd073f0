import Imaging

/// A video, or a motion photo's clip, written as a clip every browser
/// plays (`ClipTranscoder`: H.264 in MP4, upright, short side at most
/// 720): what `filmroll convert CLIP.mov CLIP.mp4` does, and what the
/// gallery's pages play for a video browsers cannot (`ClipPreviewOutputs`).
public struct ClipConversion: Sendable {
    /// The longest edge, when smaller than the 720p clip's.
    public var maxSize: Int?
    public var limits: DecodeLimits
    /// Replace an existing output Filmroll did not make (never the input).
    public var force: Bool

    public init(maxSize: Int? = nil, limits: DecodeLimits = .default, force: Bool = false) {
        self.maxSize = maxSize
        self.limits = limits
        self.force = force
    }

    /// Writes `input`'s clip to `output` (through a temporary file, renamed when whole).
    /// - Parameter cancellation: checked between frames; once cancelled, the
    ///   temporary is removed and `.output` is thrown.
    /// - Throws: `ConversionError`: `.photo` when the input is no video
    ///   and holds none, or cannot be decoded; `.output` when the output is refused.
    public func make(_ input: String, output: String,
                     cancellation: CancellationToken = CancellationToken()) throws(ConversionError) {
        let inputs = InputIdentities([InputFile(path: input, relativePath: input, root: ".")])
        let outputGuard = OutputGuard(mark: .video, force: force, inputs: inputs)
        do throws(ImagingError) {
            try outputGuard.check(output)
        } catch {
            throw .output(path: output, error)
        }
        do throws(ImagingError) {
            let info = try ImageDecoder.readInfo(contentsOf: input, limits: limits)
            guard info.metadata.video != nil || info.metadata.motionPhoto != nil else {
                throw ImagingError.unsupportedFormat("\(info.format.displayName) without a video")
            }
            var options = VideoOptions(crf: ClipPreviewOutputs.crf, preset: ClipPreviewOutputs.preset)
            options.comment = OutputMark.video.text
            options.limits = limits
            try ClipTranscoder.transcode(input, byteRange: info.metadata.motionPhoto?.byteRange, to: output,
                                         maxLongSide: maxSize, options: options, limits: limits,
                                         isCancelled: { cancellation.isCancelled })
        } catch {
            if case .videoEncodingFailed = error { throw .output(path: output, error) }
            throw .photo(path: input, error)
        }
    }
}
