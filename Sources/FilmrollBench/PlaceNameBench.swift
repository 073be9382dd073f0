// filmroll-bench place-names: naming positions over a basemap (`PlaceNamer`:
// the basemap's neighbourhoods, towns, regions and countries, the built-in
// towns for the rest). Times --count positions (default 10,000), seeded and
// uniform in --box WEST,SOUTH,EAST,NORTH, each pass with a new namer (so
// the tiles are read and summarised afresh), and prints the median rate of
// --repeat passes and the share given a neighbourhood.
//
//   filmroll-bench place-names --basemap FILE --box W,S,E,N [--count N] [--repeat R] [--seed S]
import Filmroll

enum PlaceNameBench {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var count = 10_000, repeats = 5, seed: UInt64 = 2024
        var basemap: String?, box: [Double] = []
        while let argument = arguments.first {
            arguments.removeFirst()
            let value = arguments.first
            if value != nil { arguments.removeFirst() }
            switch argument {
            case "--count": count = value.flatMap { Int($0) } ?? 0
            case "--repeat": repeats = value.flatMap { Int($0) } ?? 0
            case "--seed": seed = value.flatMap { UInt64($0) } ?? 0
            case "--basemap": basemap = value
            case "--box": box = (value ?? "").split(separator: ",").compactMap { Double($0) }
            default: count = 0
            }
        }
        guard count > 0, repeats > 0, let basemap, box.count == 4 else {
            printError("usage: filmroll-bench place-names --basemap FILE --box W,S,E,N [--count N] [--repeat R] [--seed S]")
            return 64
        }
        var random = SplitMix64(seed: seed)
        let positions = (0..<count).map { _ in
            GPSCoordinate(latitude: box[1] + random.unit() * (box[3] - box[1]), longitude: box[0] + random.unit() * (box[2] - box[0]))
        }
        _ = ReverseGeocoder.shared.places.count
        var named = 0, neighbourhoods = 0
        var failure: String?
        let milliseconds = medianMilliseconds(runs: repeats) {
            named = 0
            neighbourhoods = 0
            do {
                let namer = try PlaceNamer.opening(basemap: basemap)
                for position in positions {
                    guard let name = namer.name(position) else { continue }
                    named += 1
                    if !name.neighbourhood.isEmpty { neighbourhoods += 1 }
                }
            } catch {
                failure = "\(error)"
            }
        }
        if let failure {
            printError("place-names: \(failure)")
            return 1
        }
        let rate = Double(count) / (milliseconds / 1000)
        print("place-names: \(count) positions in \(GeocodeBench.rounded(milliseconds, 1)) ms (median of \(repeats)):"
              + " \(Int(rate.rounded())) names/s, \(GeocodeBench.rounded(1000 * milliseconds / Double(count), 2)) µs each;"
              + " \(GeocodeBench.rounded(100 * Double(named) / Double(count), 1))% named,"
              + " \(GeocodeBench.rounded(100 * Double(neighbourhoods) / Double(count), 1))% with a neighbourhood")
        return 0
    }
}
