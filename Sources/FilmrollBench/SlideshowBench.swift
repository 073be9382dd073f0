// filmroll-bench slideshow: photos into an H.264 slideshow through
// Slideshow (decoded once each through the pipeline, crossfades, optional
// Ken Burns), timing the frames' making apart from the whole encode.
//
//   filmroll-bench slideshow [--size WxH] [--fit contain|cover] [--seconds S] [--crossfade S]
//                            [--fps RATE] [--zoom Z] [--crf N] [--preset P] -o OUT.mp4 FILE...
import Imaging

enum SlideshowBench {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var options = SlideshowOptions()
        var video = VideoOptions()
        var output: String?, files: [String] = []
        while let argument = arguments.first {
            arguments.removeFirst()
            let value = arguments.first ?? ""
            switch argument {
            case "--size":
                let parts = value.split(separator: "x").compactMap { Int($0) }
                if parts.count == 2 { options.canvas = PixelSize(width: parts[0], height: parts[1]) }
                arguments.removeFirst()
            case "--fit": options.fit = SlideshowOptions.Fit(rawValue: value) ?? .contain; arguments.removeFirst()
            case "--seconds": options.secondsPerPhoto = Double(value) ?? 0; arguments.removeFirst()
            case "--crossfade": options.crossfadeSeconds = Double(value) ?? -1; arguments.removeFirst()
            case "--fps": options.frameRate = FrameRate(parsing: value) ?? 1; arguments.removeFirst()
            case "--zoom": options.kenBurns = KenBurns(scale: Double(value) ?? 0); arguments.removeFirst()
            case "--crf": video.crf = Double(value) ?? -1; arguments.removeFirst()
            case "--preset": video.preset = VideoPreset(rawValue: value) ?? .medium; arguments.removeFirst()
            case "-o": output = value; arguments.removeFirst()
            default: files.append(argument)
            }
        }
        guard let output, !files.isEmpty else {
            printError("usage: filmroll-bench slideshow [--size WxH] [--fit contain|cover] [--seconds S] [--crossfade S] "
                       + "[--fps RATE] [--zoom Z] [--crf N] [--preset P] -o OUT.mp4 FILE...")
            return 64
        }
        do {
            let photos = try files.map { path throws(ImagingError) in SlideshowPhoto.file(try SourceIdentity.of(path)) }
            var start = ContinuousClock.now
            let frames = try Slideshow(photos: photos, options: options)
            var count = 0
            while try frames.nextFrame() != nil { count += 1 }
            let making = ContinuousClock.now - start
            start = ContinuousClock.now
            let slideshow = try Slideshow(photos: photos, options: options)
            try slideshow.encode(to: output, options: video)
            let encoding = ContinuousClock.now - start
            print("\(count) frames of \(slideshow.canvas) from \(files.count) photos: made in \(VideoBench.seconds(making)) s, "
                  + "made and encoded in \(VideoBench.seconds(encoding)) s")
            return 0
        } catch {
            printError("\(output): \(error)")
            return 1
        }
    }
}
