// filmroll-bench video: the MP4 a `filmroll video` of still frames makes,
// for bench-video.sh: every file decoded upright and colour-managed, resized
// with Filmroll's Lanczos to --width (height rounded to even, as ffmpeg's
// scale=W:-2), encoded with VideoEncoder, one frame per file at --fps.
// The next frames decode and resize, one per core, while libx264 encodes.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Imaging

enum VideoBench {
    /// "1.234"
    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return "\(Double(Int((value * 1000).rounded())) / 1000)"
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var width: Int?, output: String?, files: [String] = []
        var options = VideoOptions()
        while let argument = arguments.first {
            arguments.removeFirst()
            let value = arguments.first
            switch argument {
            case "--width": width = value.flatMap { Int($0) }; arguments.removeFirst()
            case "--fps": options.timing = .frameRate(value.flatMap { FrameRate(parsing: $0) } ?? 1); arguments.removeFirst()
            case "--crf": options.crf = value.flatMap { Double($0) } ?? -1; arguments.removeFirst()
            case "--preset": options.preset = value.flatMap { VideoPreset(rawValue: $0) } ?? .medium; arguments.removeFirst()
            case "--threads": options.threads = value.flatMap { Int($0) } ?? 0; arguments.removeFirst()
            case "-o": output = value; arguments.removeFirst()
            default: files.append(argument)
            }
        }
        guard let width, width > 1, let output, !files.isEmpty else {
            printError("usage: filmroll-bench video --width N --fps RATE [--crf N] [--preset P] -o OUT.mp4 FILE...")
            return 64
        }
        do {
            let start = ContinuousClock.now
            let files = files
            @Sendable func frame(_ index: Int) -> Result<Image, ImagingError> {
                Result { () throws(ImagingError) -> Image in
                    let image = try ImageDecoder.decode(contentsOf: files[index]).image
                    let height = Int((Double(image.height) * Double(width) / Double(image.width) / 2).rounded()) * 2
                    return image.resized(to: PixelSize(width: width, height: height))
                }
            }
            let frames = Prefetch(count: files.count, window: Parallel.processorCount, make: frame)
            var encoder: VideoEncoder?
            while let next = frames.next() {
                let image = try next.get()
                if encoder == nil { encoder = try VideoEncoder(path: output, size: image.size, options: options) }
                try encoder!.add(image)
            }
            let added = ContinuousClock.now - start
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            let cpuAtAdded = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            try encoder!.finish()
            let elapsed = ContinuousClock.now - start
            print("encoded \(files.count) frames at \(encoder!.size), \(options.timing), crf \(options.crf), "
                  + "preset \(options.preset.rawValue), \(seconds(elapsed)) s in-process (frames added after \(seconds(added)) s, \(cpuAtAdded) s CPU)")
            return 0
        } catch {
            printError("\(output): \(error)")
            return 1
        }
    }
}
