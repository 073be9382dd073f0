// filmroll-bench resize: the Lanczos resampler alone, for tuning it.
// Each file is decoded once; then each is resized to --width (height in
// proportion) --repeat times on one thread, and the median time of one
// resize is printed per file, in milliseconds.
//
//   filmroll-bench resize --width N [--repeat R] FILE...
import Imaging

enum ResizeBench {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var width: Int?, repeats = 9, files: [String] = []
        while let argument = arguments.first {
            arguments.removeFirst()
            let value = arguments.first
            switch argument {
            case "--width": width = value.flatMap { Int($0) }; arguments.removeFirst()
            case "--repeat": repeats = value.flatMap { Int($0) } ?? 0; arguments.removeFirst()
            default: files.append(argument)
            }
        }
        guard let width, width > 0, repeats > 0, !files.isEmpty else {
            printError("usage: filmroll-bench resize --width N [--repeat R] FILE...")
            return 64
        }
        for file in files {
            let image: Image
            do {
                image = try ImageDecoder.decode(contentsOf: file).image
            } catch {
                printError("\(file): \(error)")
                return 1
            }
            let height = max(1, Int((Double(image.height) * Double(width) / Double(image.width)).rounded()))
            var checksum = 0
            let milliseconds = medianMilliseconds(runs: repeats) {
                let resized = image.resized(to: PixelSize(width: width, height: height))
                checksum &+= Int(resized.pixels[resized.pixels.count / 2])
            }
            let median = (milliseconds * 100).rounded() / 100
            print("\(file): \(image.width)x\(image.height) \(image.format) -> \(width)x\(height): \(median) ms (checksum \(checksum))")
        }
        return 0
    }
}
