// filmroll-bench: measures Filmroll's decode path on a set of files, so the
// benchmark script can compare it with other tools in the same run.
//
//   filmroll-bench decode [--size N] [--resize N] [--jobs N] FILE...
//   filmroll-bench video --width N --fps RATE [--crf N] [--preset P] -o OUT.mp4 FILE...
//   filmroll-bench slideshow [--size WxH] [--zoom Z] ... -o OUT.mp4 FILE...   (SlideshowBench.swift)
//   filmroll-bench resize --width N [--repeat R] FILE...                    (ResizeBench.swift)
//   filmroll-bench gif [--size WxH] [--speed S] [--palette-scale full|half|quarter] FILE... (GIFBench.swift)
//   filmroll-bench geocode [--count N] [--repeat R] [--seed S]              (GeocodeBench.swift)
//   filmroll-bench place-names --basemap FILE --box W,S,E,N [--count N]    (PlaceNameBench.swift)
//   filmroll-bench basemap make SOURCE OUT COUNT | read FILE COUNT READS    (BasemapBench.swift)
//   filmroll-bench basemap-map [--days N] [--seed S] [FILE]                 (BasemapMapBench.swift)
//   filmroll-bench shore-map --place NAME | --days N [--seed S]             (ShoreMapBench.swift)
//   filmroll-bench similar-index [--count N] [--distance D] [--seed S]     (SimilarIndexBench.swift)
//
// Decodes every file upright through ImageDecoder, shrinking on load to
// the smallest JPEG DCT scale that still covers an N-pixel longest edge,
// on N threads (default: all cores), optionally resizing the result to
// an N-pixel longest edge, and prints one summary line.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Imaging
import Synchronization

func printError(_ message: String) {
    var line = "filmroll-bench: \(message)\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    printError(message)
    exit(64)
}

// Ctrl-C and SIGTERM stop the benchmark, even when a parent left them
// ignored or blocked (both are inherited across exec).
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
for stop in [SIGINT, SIGTERM] {
    signal(stop, SIG_DFL)
    sigaddset(&stopSignals, stop)
}
pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "video" { exit(VideoBench.run(Array(arguments.dropFirst()))) }
if arguments.first == "slideshow" { exit(SlideshowBench.run(Array(arguments.dropFirst()))) }
if arguments.first == "resize" { exit(ResizeBench.run(Array(arguments.dropFirst()))) }
if arguments.first == "gif" { exit(GIFBench.run(Array(arguments.dropFirst()))) }
if arguments.first == "geocode" { exit(GeocodeBench.run(Array(arguments.dropFirst()))) }
if arguments.first == "place-names" { exit(PlaceNameBench.run(Array(arguments.dropFirst()))) }
if arguments.first == "basemap" { exit(BasemapBench.run(Array(arguments.dropFirst()))) }
if arguments.first == "basemap-map" { exit(BasemapMapBench.run(Array(arguments.dropFirst()))) }
if arguments.first == "shore-map" { exit(ShoreMapBench.run(Array(arguments.dropFirst()))) }
if arguments.first == "similar-index" { exit(SimilarIndexBench.run(Array(arguments.dropFirst()))) }
guard arguments.first == "decode" else { fail("usage: filmroll-bench decode [--size N] [--jobs N] FILE...") }
arguments.removeFirst()
var size: Int?
var resize: Int?
var jobs = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
var files: [String] = []
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--size": size = arguments.isEmpty ? nil : Int(arguments.removeFirst())
    case "--resize": resize = arguments.isEmpty ? nil : Int(arguments.removeFirst())
    case "--jobs": jobs = arguments.isEmpty ? 0 : Int(arguments.removeFirst()) ?? 0
    default: files.append(argument)
    }
}
guard !files.isEmpty, jobs > 0 else { fail("usage: filmroll-bench decode [--size N] [--jobs N] FILE...") }

let options = DecodeOptions(target: size.map { TargetSize.edge($0) })
let failures = Atomic<Int>(0)
let pixels = Atomic<Int>(0)
let scales = Locked<Set<Int>>([])
let start = ContinuousClock.now
let fileList = files
let workers = jobs
let resizeEdge = resize
Parallel.forEach(Array(fileList.indices), jobs: workers) { index in
        do {
            let decoded = try ImageDecoder.decode(contentsOf: fileList[index], options: options)
            if let resizeEdge {
                let image = decoded.image
                _ = image.resized(to: TargetSize.edge(resizeEdge).resultSize(for: image.size))
            }
            pixels.add(decoded.image.size.pixelCount, ordering: .relaxed)
            scales.withLock { _ = $0.insert(decoded.decodeScale) }
        } catch {
            printError("\(fileList[index]): \(error)")
            failures.add(1, ordering: .relaxed)
        }
}
let elapsed = ContinuousClock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let scaleText = scales.withLock { $0.sorted().map { "\($0)/8" }.joined(separator: ",") }
print("decoded \(files.count - failures.load(ordering: .relaxed)) files at scale \(scaleText), "
      + "\(pixels.load(ordering: .relaxed)) pixels, \(jobs) threads, \(seconds) s in-process")
exit(failures.load(ordering: .relaxed) == 0 ? 0 : 1)
