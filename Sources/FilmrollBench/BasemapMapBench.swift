// filmroll-bench basemap-map: day maps drawn from a basemap
// (`BasemapDayMapTiming`): --days maps of 3…20 photos each, one at a time,
// from FILE (PMTiles or MBTiles) or a city made up in memory; prints the
// first map's milliseconds (tiles not yet read), the median and slowest,
// the total in seconds and the largest map's bytes.
//
//   filmroll-bench basemap-map [--days N] [--seed S] [FILE]
//   filmroll-bench basemap-map --write-samples DIR [--days N] FILE
//     (the fixture walk's map and N days' maps, each with its frame, for Scripts/count-named-streets.py)
import Filmroll

enum BasemapMapBench {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var days = 1000, seed: UInt64 = 39, file: String?, samples: String?
        while let argument = arguments.first {
            arguments.removeFirst()
            let value = arguments.first
            switch argument {
            case "--days": days = value.flatMap { Int($0) } ?? 0; if value != nil { arguments.removeFirst() }
            case "--write-samples": samples = value; if value != nil { arguments.removeFirst() } else { days = 0 }
            case "--seed": seed = value.flatMap { UInt64($0) } ?? 0; if value != nil { arguments.removeFirst() }
            default: if argument.hasPrefix("-") || file != nil { days = 0 } else { file = argument }
            }
        }
        guard days > 0 else {
            printError("usage: filmroll-bench basemap-map [--days N] [--seed S] [FILE]")
            return 64
        }
        if let samples {
            guard let file else {
                printError("--write-samples needs a basemap FILE")
                return 64
            }
            do {
                print("basemap-map: \(try BasemapStreetSamples.write(days: days, basemapPath: file, to: samples, seed: seed)) maps written to \(samples)")
                return 0
            } catch {
                printError("\(error)")
                return 1
            }
        }
        let seconds: [Double], largest: Int
        switch BasemapDayMapTiming.drawDays(days, basemapPath: file, seed: seed) {
        case .success(let result): (seconds, largest) = result
        case .failure(let error):
            printError(error.description)
            return 1
        }
        let sorted = seconds.sorted()
        let median = sorted[sorted.count / 2] * 1000, slowest = sorted[sorted.count - 1] * 1000
        let total = seconds.reduce(0, +)
        print("basemap-map: \(days) maps, first \(format(seconds[0] * 1000)) ms, median \(format(median)) ms, slowest \(format(slowest)) ms, total \(format(total)) s, largest \(largest) bytes")
        return 0
    }

    private static func format(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
}
