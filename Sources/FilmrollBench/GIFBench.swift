// filmroll-bench gif: the GIF encoder alone, for tuning its palettes.
// Each file becomes a frame of --size WxH (centred cover crop, through
// the pipeline, as `filmroll process` makes a day's animation); the frames
// are encoded as one GIF --repeat times, and the median encode time, the
// size and the RGB PSNR of the GIF's frames against the frames given are
// printed.
//
//   filmroll-bench gif [--size WxH] [--speed S] [--quality Q] [--palette-scale full|half|quarter] [--per-frame]
//                      [--jobs N] [--repeat R] FILE...
//
// `--speed 8 --palette-scale quarter --per-frame --jobs 1` encodes as a
// day's animation in `filmroll process` does.
#if canImport(Glibc)
import Glibc
#endif
import Imaging

enum GIFBench {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var size = PixelSize(width: 480, height: 360), repeats = 5, files: [String] = []
        var options = GIFOptions()
        options.paletteShrink = 2
        while let argument = arguments.first {
            arguments.removeFirst()
            let value = arguments.first
            switch argument {
            case "--size":
                let parts = (value ?? "").split(separator: "x").compactMap { Int($0) }
                if parts.count == 2 { size = PixelSize(width: parts[0], height: parts[1]) }
                arguments.removeFirst()
            case "--speed": options.speed = value.flatMap { Int($0) }; arguments.removeFirst()
            case "--quality": options.quality = value.flatMap { Int($0) } ?? 80; arguments.removeFirst()
            case "--palette-scale": options.paletteShrink = ["half": 2, "quarter": 4][value ?? ""] ?? 1; arguments.removeFirst()
            case "--per-frame": options.triesSharedPalette = false
            case "--jobs": options.jobs = max(1, value.flatMap { Int($0) } ?? 1); arguments.removeFirst()
            case "--repeat": repeats = value.flatMap { Int($0) } ?? 0; arguments.removeFirst()
            default: files.append(argument)
            }
        }
        guard repeats > 0, !files.isEmpty else {
            printError("usage: filmroll-bench gif [--size WxH] [--speed S] [--quality Q] [--palette-scale full|half|quarter] [--per-frame] [--jobs N] [--repeat R] FILE...")
            return 64
        }
        do {
            let pipeline = ImagePipeline()
            let resize = ImageProcessors.Resize(target: TargetSize(width: size.width, height: size.height, fit: .cover), upscale: true)
            let frames = try files.map { file throws(ImagingError) -> Image in
                try pipeline.image(for: ImageRequest(source: try SourceIdentity.of(file), resize: resize))
            }
            var bytes: [UInt8] = []
            let milliseconds = try medianMilliseconds(runs: repeats) {
                bytes = try GIFAnimator(options: options).encode(frames, delays: Array(repeating: 100, count: frames.count))
            }
            let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all)).frames
            var squared = 0.0, samples = 0
            for (frame, gif) in zip(frames, decoded) {
                let a = frame.rgba().pixels, b = gif.image.rgba().pixels
                for index in stride(from: 0, to: a.count, by: 4) {
                    for channel in 0..<3 {
                        let difference = Double(a[index + channel]) - Double(b[index + channel])
                        squared += difference * difference
                    }
                    samples += 3
                }
            }
            let psnr = 10 * log10(255 * 255 / max(squared / Double(max(1, samples)), 1e-9))
            print("\(frames.count) frames \(size.width)x\(size.height): \((milliseconds * 10).rounded() / 10) ms,"
                  + " \(bytes.count / 1024) KB, \((psnr * 100).rounded() / 100) dB")
        } catch {
            printError("\(error)")
            return 1
        }
        return 0
    }
}
