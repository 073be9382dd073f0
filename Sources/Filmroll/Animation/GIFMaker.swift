import Catalog
import Imaging

/// Animated GIFs from photos, frames or other animations, each frame
/// upright and fitted through the image pipeline, and recorded in the
/// catalog of the folder the photos are in: what `filmroll gif` does.
///
/// ```swift
/// let (files, _, _) = InputWalker.expand(["/photos/burst"])
/// let gif = try GIFMaker(timing: .fps(12)).make(files, output: "/photos/burst.gif")
/// ```
public struct GIFMaker {
    public var frames: GIFFrames
    public var order: GIFFrames.Order
    /// The frames' delays; nil: each input's own delay (animations), else 10 fps.
    public var timing: FrameTiming?
    /// Play forward, then backward.
    public var bounce: Bool
    /// How the GIF is encoded; its comment is always Filmroll's `OutputMark`.
    public var options: GIFOptions
    /// Replace an existing file Filmroll did not make (never an input).
    public var force: Bool
    /// Records GIFs with their photos; nil: no catalog is read or written.
    public var lineage: LineageRecorder?

    public init(frames: GIFFrames = GIFFrames(), order: GIFFrames.Order = .name, timing: FrameTiming? = nil, bounce: Bool = false,
                options: GIFOptions = GIFOptions(), force: Bool = false, lineage: LineageRecorder? = nil) {
        self.frames = frames
        self.order = order
        self.timing = timing
        self.bounce = bounce
        self.options = options
        self.force = force
        self.lineage = lineage
    }

    /// The GIF of `files`, encoded but not written.
    /// - Parameter progress: called once per input decoded.
    /// - Throws: `GIFError`; `.cancelled` once `cancellation` is cancelled.
    public func animate(_ files: [InputFile], cancellation: CancellationToken = CancellationToken(),
                        progress: @Sendable () -> Void = {}) throws(GIFError) -> GIFAnimation {
        try encode(GIFFrames.order(files, by: order), cancellation: cancellation, progress: progress)
    }

    /// Makes `output` from `files` and records it. The output and the
    /// catalog are checked before any decoding; nothing is written when
    /// the run is cancelled.
    /// - Throws: `GIFError`; the GIF is not written then.
    public func make(_ files: [InputFile], output: String, cancellation: CancellationToken = CancellationToken(),
                     progress: @Sendable () -> Void = {}) throws(GIFError) -> GIFOutput {
        let ordered = GIFFrames.order(files, by: order)
        let writer = OutputWriter(outputGuard: OutputGuard(mark: .gif, force: force, inputs: InputIdentities(ordered),
                                                           catalogPath: lineage?.catalogPath))
        do throws(ImagingError) {
            try writer.outputGuard.check(output)
        } catch {
            throw .output(path: output, error)
        }
        let target: LineageTarget?
        do throws(CatalogError) {
            target = try lineage?.target(forPhotos: ordered.map(\.path))
        } catch {
            throw .catalog(error)
        }
        let animation: GIFAnimation
        do throws(GIFError) {
            animation = try encode(ordered, cancellation: cancellation, progress: progress)
        } catch .encoding(let error) {
            throw .output(path: output, error)
        }
        do throws(ImagingError) {
            try writer.write(animation.bytes, to: output)
        } catch {
            throw .output(path: output, error)
        }
        var made = GIFOutput(path: output, animation: animation)
        if let lineage, let target {
            do throws(CatalogError) {
                try lineage.record(LineageOutput(kind: .gif, path: output, parameters: lineageParameters, photos: target.photos),
                                   in: target)
            } catch {
                made.recordingError = error
            }
        }
        return made
    }

    private func encode(_ files: [InputFile], cancellation: CancellationToken,
                        progress: @Sendable () -> Void) throws(GIFError) -> GIFAnimation {
        if files.isEmpty { throw .noFrames }
        let loaded: (canvas: PixelSize, frames: [GIFFrames.Frame])
        do throws(GIFFrames.FrameError) {
            loaded = try frames.load(files, cancellation: cancellation, progress: progress)
        } catch {
            throw .frame(path: error.path, error.error)
        }
        if cancellation.isCancelled { throw .cancelled }

        var images = loaded.frames.map(\.image)
        var delays = timing.map { $0.centiseconds(count: images.count) }
            ?? loaded.frames.enumerated().map { $0.element.ownDelay ?? FrameTiming.fps(10).centiseconds(count: $0.offset + 1).last! }
        if bounce && images.count > 2 {
            images += images[1..<images.count - 1].reversed()
            delays += delays[1..<delays.count - 1].reversed()
        }
        var options = options
        options.comment = OutputMark.gif.text
        let bytes: [UInt8]
        do throws(ImagingError) {
            bytes = try GIFAnimator(options: options).encode(images, delays: delays)
        } catch {
            throw .encoding(error)
        }
        if cancellation.isCancelled { throw .cancelled }
        return GIFAnimation(bytes: bytes, canvas: loaded.canvas, frameCount: images.count)
    }

    /// How the GIF was made, as recorded in the catalog.
    private var lineageParameters: String {
        JSONValue.object([
            ("quality", .int(options.quality)), ("dither", .double(options.dither)), ("colors", .int(options.colors)),
            ("loop", options.loop.netscapeValue.map(JSONValue.int) ?? .null),
        ]).rendered
    }
}
