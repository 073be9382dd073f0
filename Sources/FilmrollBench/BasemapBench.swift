// filmroll-bench basemap: the basemap readers on a large PMTiles archive.
//
//   filmroll-bench basemap make SOURCE.pmtiles OUT.pmtiles COUNT
//       writes OUT: COUNT z14 tiles on a grid, copies of SOURCE's tiles of
//       central Helsinki (the fixture), with leaf directories
//   filmroll-bench basemap read FILE COUNT READS [--seed S]
//       opens FILE and decodes READS tiles picked at random (seeded) from
//       the COUNT-tile grid; prints the time, the tiles and features decoded,
//       and the growth of the peak resident set from before opening
#if canImport(Glibc)
import Glibc
#endif
import Filmroll

enum BasemapBench {
    /// The fixture's tiles: z10–z14 over central Helsinki.
    static let sourceAddresses = [(10, 582, 296), (11, 1165, 592), (12, 2331, 1185), (13, 4663, 2370), (13, 4663, 2371),
                                  (14, 9326, 4741), (14, 9327, 4741), (14, 9326, 4742), (14, 9327, 4742)]

    static func run(_ arguments: [String]) -> Int32 {
        do {
            switch arguments.first {
            case "make" where arguments.count == 4:
                guard let count = Int(arguments[3]), count > 0 else { break }
                let size = try BasemapBenchmark.writeRepeatedArchive(from: arguments[1], sourceAddresses: sourceAddresses,
                                                                     to: arguments[2], count: count)
                print("basemap make: \(count) tiles, \(size) bytes")
                return 0
            case "read" where arguments.count >= 4:
                guard let count = Int(arguments[2]), let reads = Int(arguments[3]), count > 0, reads > 0 else { break }
                let seed = arguments.count == 6 && arguments[4] == "--seed" ? UInt64(arguments[5]) ?? 39 : 39
                var random = SplitMix64(seed: seed)
                let grid = BasemapBenchmark.gridAddressTriples(count: count)
                let picks = (0..<reads).map { _ in grid[Int(random.next() % UInt64(grid.count))] }
                let before = GeocodeBench.residentBytes()
                var result = (tiles: 0, features: 0)
                let milliseconds = try medianMilliseconds(runs: 1) {
                    result = try BasemapBenchmark.read(path: arguments[1], addresses: picks)
                }
                let growth = max(0, peakResidentBytes() - before)
                print("basemap read: \(result.tiles) tiles, \(result.features) features in \(Int(milliseconds)) ms, "
                      + "peak RSS growth \(growth / 1024) KiB")
                return result.tiles == reads ? 0 : 1
            default: break
            }
        } catch {
            printError("basemap: \(error)")
            return 1
        }
        printError("usage: filmroll-bench basemap make SOURCE OUT COUNT | read FILE COUNT READS [--seed S]")
        return 64
    }

    /// VmHWM from /proc/self/status, in bytes (0 when unreadable).
    static func peakResidentBytes() -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmHWM:") {
                return (Int(text.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0) * 1024
            }
        }
        return 0
    }
}
