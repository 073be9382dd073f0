/// The frame that stands for a video: a key frame near the start that is
/// neither black nor a fade, found by decoding key frames only (a clip's
/// other frames are dropped unread), converted straight to the size the
/// caller needs.
///
/// The search starts at the Live Photo's still-image time when the file
/// gives one, else at a quarter of the clip, at most one second in (where
/// `ffmpeg -ss 1` looks), with the first key frame from there: one frame
/// decoded for most clips. The first key frame from there whose light is
/// neither near black nor near white (mean luma 24–232) and that has some
/// detail (luma spread ≥ 12) is taken; after five key frames without one,
/// a lively one before the start; failing that (a fade from black in a
/// clip of one key frame), the first lively frame decoded one by one.
enum VideoPoster {
    /// Key frames looked at, at most.
    static let candidates = 4

    /// The size the poster is made at (as stored): the frame shrunk by 1, 2,
    /// 4 or 8, the most that still covers `target` both ways.
    static func decodedSize(_ info: ImageInfo, target: TargetSize?) -> PixelSize {
        let size = info.storedSize
        guard let target else { return size }
        let storedTarget = info.metadata.orientation.swapsDimensions ? target.transposed : target
        let needed = storedTarget.resultSize(for: size)
        var shrink = 1
        while shrink < 8 {
            let smaller = shrunk(size, by: shrink * 2)
            guard smaller.width >= needed.width && smaller.height >= needed.height else { break }
            shrink *= 2
        }
        return shrunk(size, by: shrink)
    }

    private static func shrunk(_ size: PixelSize, by factor: Int) -> PixelSize {
        PixelSize(width: max(1, (size.width + factor - 1) / factor), height: max(1, (size.height + factor - 1) / factor))
    }

    static func find(in reader: VideoCodec.Reader, size: PixelSize, info: ImageInfo) throws(ImagingError) -> Image {
        let header = reader.header
        let duration = info.metadata.video?.durationSeconds ?? 0
        let start = info.metadata.video?.stillImageSeconds ?? min(1, duration / 4)
        let ticksPerSecond = Double(header.tick.denominator) / Double(max(1, header.tick.numerator))
        let startTicks = Int64(start * ticksPerSecond)
        if startTicks > 0 {
            // The first key frame from the start; else the one before it (a
            // clip of one key frame); a file that cannot seek is read from its start.
            do throws(ImagingError) {
                try reader.seek(toTicks: startTicks, forward: true)
            } catch {
                try? reader.seek(toTicks: startTicks)
            }
        }
        reader.decodesKeyFramesOnly(true)
        // The key frame at or before the start may be long before it: it
        // stands only if none at or after the start will do.
        let early = startTicks - Int64(0.05 * ticksPerSecond)
        var best: Candidate?
        for _ in 0...candidates {
            guard let frame = try reader.nextRGB(scaledTo: size) else { break }
            let candidate = Candidate(frame.image)
            if frame.pts >= early && candidate.isLively { return frame.image }
            if best.map(candidate.isBetter) ?? true { best = candidate }
        }
        if let best, best.isLively { return best.image }
        // Only dull key frames (a fade from black and no key frame after it):
        // every frame from the start time on, until a lively one, as a player shows them.
        try? reader.seek(toTicks: max(0, startTicks))
        reader.decodesKeyFramesOnly(false)
        var fallback: (image: Image, isEarly: Bool)?
        for _ in 0..<forwardFrames {
            guard let frame = try reader.nextRGB(scaledTo: size) else { break }
            // Frames before the start are the fade itself: one stands only if nothing follows.
            let isEarly = frame.pts < early
            if !isEarly && Candidate(frame.image).isLively { return frame.image }
            if fallback == nil || (fallback!.isEarly && !isEarly) { fallback = (frame.image, isEarly) }
        }
        if let fallback { return fallback.image }
        guard let best else { throw .videoDecodingFailed("no frame of the video can be decoded") }
        return best.image
    }

    /// Frames decoded one by one, at most, when no key frame will do (four seconds at 30 fps).
    static let forwardFrames = 120

    /// A frame judged for a poster by its light.
    private struct Candidate {
        var image: Image
        var spread: Double
        /// Neither near black nor near white, with some detail.
        var isLively: Bool

        init(_ image: Image) {
            self.image = image
            let (mean, spread) = VideoPoster.lightness(of: image)
            self.spread = spread
            isLively = (24...232).contains(mean) && spread >= 12
        }

        /// Lively before dull, then more detail.
        func isBetter(than other: Candidate) -> Bool {
            isLively != other.isLively ? isLively : spread > other.spread
        }
    }

    /// The mean and standard deviation of luma (0–255) over a sparse grid of pixels.
    static func lightness(of image: Image) -> (mean: Double, spread: Double) {
        let step = max(1, Int((Double(image.width * image.height) / 4096).squareRoot()))
        var sum = 0.0, squares = 0.0, count = 0.0
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in stride(from: 0, to: image.height, by: step) {
                for x in stride(from: 0, to: image.width, by: step) {
                    let at = y * image.bytesPerRow + x * 3
                    let luma = 0.299 * Double(pixels[at]) + 0.587 * Double(pixels[at + 1]) + 0.114 * Double(pixels[at + 2])
                    sum += luma
                    squares += luma * luma
                    count += 1
                }
            }
        }
        let mean = sum / max(1, count)
        return (mean, max(0, squares / max(1, count) - mean * mean).squareRoot())
    }
}
