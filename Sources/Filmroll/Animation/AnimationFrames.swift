import Imaging

/// The frames of an animation to make: the inputs in order, each decoded
/// upright and fitted to the canvas through the image pipeline (an
/// animated GIF or WebP input gives all its frames, with their delays).
/// `stream` gives them one at a time, a few decoded ahead in parallel.
public struct AnimationFrames: Sendable {
    /// The order of the frames.
    public enum Order: String, Sendable {
        /// File names in natural order ("frame2" before "frame10").
        case name
        /// Capture time (EXIF, else the file's modification time).
        case date
    }

    /// The canvas's size; the other side follows the first frame's aspect.
    public enum Sizing: Sendable, Equatable {
        case width(Int)
        case height(Int)
        case longestEdge(Int)
    }

    /// One frame, fitted to the canvas.
    public struct Frame: Sendable {
        public var image: Image
        /// The delay the input carried (animated GIFs and WebPs), in
        /// milliseconds (a GIF's centiseconds times ten).
        public var ownMilliseconds: Int?
        public var source: String
    }

    /// Frames decoded ahead of the encoder by default: twice the cores.
    public static var defaultLookahead: Int { 2 * Parallel.processorCount }

    public let pipeline: ImagePipeline
    /// nil: the first frame's size, its longest edge at most 480.
    public var sizing: Sizing?
    /// Frames of another aspect: `.inside` contained on the background, `.cover` cropped.
    public var fit: TargetSize.Fit
    /// Around contained frames and under transparency.
    public var background: RGBColor

    public init(pipeline: ImagePipeline = ImagePipeline(), sizing: Sizing? = nil, fit: TargetSize.Fit = .inside,
                background: RGBColor = .white) {
        self.pipeline = pipeline
        self.sizing = sizing
        self.fit = fit
        self.background = background
    }

    /// Orders the input files by natural name order or capture time.
    public static func order(_ files: [InputFile], by order: Order) -> [InputFile] {
        switch order {
        case .name:
            return files.sorted { lhs, rhs in
                let left = InputWalker.lastComponent(lhs.path), right = InputWalker.lastComponent(rhs.path)
                return left == right ? naturalOrder(lhs.path, rhs.path) : naturalOrder(left, right)
            }
        case .date:
            let dated = files.map { file -> (InputFile, CaptureDate) in
                let date = (try? ImageDecoder.readInfo(contentsOf: file.path).metadata.captureDate) ?? nil
                let fileDate = (try? SourceIdentity.of(file.path))?.fileDate
                return (file, date ?? fileDate ?? CaptureDate(year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0))
            }
            return dated.sorted { $0.1 == $1.1 ? naturalOrder($0.0.path, $1.0.path) : $0.1 < $1.1 }.map(\.0)
        }
    }

    /// The canvas: the first frame's upright size fitted as asked (by
    /// default its longest edge at most 480).
    public func canvas(for first: PixelSize) -> PixelSize {
        func scaled(_ factor: Double) -> PixelSize {
            PixelSize(width: max(1, Int((Double(first.width) * factor).rounded())),
                      height: max(1, Int((Double(first.height) * factor).rounded())))
        }
        switch sizing {
        case .width(let width)?: return scaled(Double(width) / Double(first.width))
        case .height(let height)?: return scaled(Double(height) / Double(first.height))
        case .longestEdge(let edge)?: return scaled(Double(edge) / Double(first.longestEdge))
        case nil: return first.longestEdge > 480 ? scaled(480 / Double(first.longestEdge)) : first
        }
    }

    /// The frames of `files`, in order, one at a time: the canvas comes
    /// from the first file's header, then up to `lookahead` frames are
    /// decoded ahead in parallel. `progress` is called once per input
    /// decoded; the stream ends early once `cancellation` is cancelled.
    /// - Throws: `FrameError` when the first file's header cannot be read.
    public func stream(_ files: [InputFile], lookahead: Int = AnimationFrames.defaultLookahead,
                       cancellation: CancellationToken = CancellationToken(),
                       progress: @escaping @Sendable () -> Void = {}) throws(FrameError) -> FrameStream {
        var canvas = PixelSize(width: 1, height: 1)
        if let first = files.first {
            do throws(ImagingError) {
                canvas = self.canvas(for: try FrameReader(contentsOf: first.path, limits: pipeline.configuration.limits).info.uprightSize)
            } catch {
                throw FrameError(path: first.path, error: error)
            }
        }
        return FrameStream(frames: self, files: files, canvas: canvas, lookahead: lookahead, cancellation: cancellation,
                           progress: progress)
    }

    /// Decodes and fits every input, in order, all frames in memory at once
    /// (`stream` holds a few); `progress` is called once per input. Stops
    /// once `cancellation` is cancelled, and returns no frames then.
    /// - Throws: `FrameError` naming the input that could not be decoded.
    public func load(_ files: [InputFile], cancellation: CancellationToken = CancellationToken(),
                     progress: @escaping @Sendable () -> Void = {}) throws(FrameError) -> (canvas: PixelSize, frames: [Frame]) {
        let stream = try stream(files, cancellation: cancellation, progress: progress)
        var frames: [Frame] = []
        while let frame = try stream.next() { frames.append(frame) }
        return (stream.canvas, cancellation.isCancelled ? [] : frames)
    }

    /// An input that could not be decoded, and why.
    public struct FrameError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var error: ImagingError
        public var description: String { error.description }
    }

    /// A photo (or a still GIF or WebP) through the pipeline, fitted to the canvas.
    func photoFrame(of file: InputFile, canvas: PixelSize) throws(ImagingError) -> Frame {
        let resize = ImageProcessors.Resize(target: TargetSize(width: canvas.width, height: canvas.height, fit: fit), upscale: true)
        let image = try pipeline.image(for: ImageRequest(source: try SourceIdentity.of(file.path), resize: resize))
        return Frame(image: padded(image, canvas: canvas), ownMilliseconds: nil, source: file.path)
    }

    /// An animation's frame (in its file's colours) resized to the canvas,
    /// converted to sRGB at that size, and padded.
    func fitted(_ image: Image, canvas: PixelSize) -> Image {
        let resize = ImageProcessors.Resize(target: TargetSize(width: canvas.width, height: canvas.height, fit: fit), upscale: true)
        return padded(resize.apply(image).convertedToSRGB(), canvas: canvas)
    }

    /// `image` centred on a canvas of the background colour (contain), as it is when it fills it.
    private func padded(_ image: Image, canvas: PixelSize) -> Image {
        let opaque = image.flattened(over: background)
        if opaque.size == canvas { return opaque }
        var sheet = Image.filled(canvas, with: background)
        sheet.place(opaque, at: ((canvas.width - opaque.width) / 2, (canvas.height - opaque.height) / 2))
        return sheet
    }
}

