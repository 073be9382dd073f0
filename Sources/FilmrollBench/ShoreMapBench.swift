// filmroll-bench shore-map: day maps drawn without a basemap, from GSHHG's
// shorelines (`ShoreMapTiming`). With --place, one map of that place (the
// shoreline file opened and read on the clock: run it in a fresh process);
// with --days, that many maps about the places in one run: the first, median
// and slowest map's milliseconds, the total in seconds, the largest map's bytes.
// Exit 3 (and a line saying so) when GSHHG is not installed.
//
//   filmroll-bench shore-map --place NAME | --days N [--seed S]
import Filmroll

enum ShoreMapBench {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var days = 0, seed: UInt64 = 39, place: String?
        var valid = true
        while let argument = arguments.first {
            arguments.removeFirst()
            let value = arguments.first
            if value != nil, ["--days", "--seed", "--place"].contains(argument) { arguments.removeFirst() }
            switch argument {
            case "--days": days = value.flatMap { Int($0) } ?? -1
            case "--seed": seed = value.flatMap { UInt64($0) } ?? 0
            case "--place": place = value
            default: valid = false
            }
        }
        guard valid, days >= 0, (place == nil) != (days == 0), place.map(ShoreMapTiming.placeNames.contains) ?? true else {
            printError("usage: filmroll-bench shore-map --place \(ShoreMapTiming.placeNames.joined(separator: "|")) | --days N [--seed S]")
            return 64
        }
        guard ShoreMapTiming.isInstalled else {
            print("shore-map: GSHHG is not installed (Debian's gmt-gshhg-full): skipped")
            return 3
        }
        if let place, let map = ShoreMapTiming.drawPlace(place) {
            print("shore-map: \(place) \(format(map.seconds * 1000)) ms, \(map.bytes) bytes")
            return 0
        }
        let (seconds, largest) = ShoreMapTiming.drawDays(days, seed: seed)
        let sorted = seconds.sorted()
        print("shore-map: \(days) maps, first \(format(seconds[0] * 1000)) ms, median \(format(sorted[sorted.count / 2] * 1000)) ms, "
              + "slowest \(format(sorted[sorted.count - 1] * 1000)) ms, total \(format(seconds.reduce(0, +))) s, largest \(largest) bytes")
        return 0
    }

    private static func format(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
}
