// filmroll-bench geocode: the offline reverse geocoder alone. Times
// --count lookups (default 1,000,000) of pseudo-random positions on one
// thread and prints the median rate of --repeat runs, with the load time,
// the cities loaded, the index's memory and the share of positions named.
// The positions are seeded (--seed): each is a random city of the data
// moved by up to ±0.5° in latitude and longitude (land-ish: where photos
// are taken), and every tenth a uniform one anywhere on the globe (mostly
// sea, so the no-place answer is timed too).
//
//   filmroll-bench geocode [--count N] [--repeat R] [--seed S]
#if canImport(Glibc)
import Glibc
#endif
import Filmroll

enum GeocodeBench {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var count = 1_000_000, repeats = 5, seed: UInt64 = 2024
        while let argument = arguments.first {
            arguments.removeFirst()
            let value = arguments.first
            switch argument {
            case "--count": count = value.flatMap { Int($0) } ?? 0; if value != nil { arguments.removeFirst() }
            case "--repeat": repeats = value.flatMap { Int($0) } ?? 0; if value != nil { arguments.removeFirst() }
            case "--seed": seed = value.flatMap { UInt64($0) } ?? 0; if value != nil { arguments.removeFirst() }
            default: count = 0
            }
        }
        guard count > 0, repeats > 0 else {
            printError("usage: filmroll-bench geocode [--count N] [--repeat R] [--seed S]")
            return 64
        }

        let residentBefore = residentBytes()
        var geocoder: ReverseGeocoder?
        let loadMilliseconds = medianMilliseconds(runs: 1) { geocoder = ReverseGeocoder.shared }
        guard let geocoder, geocoder.loadFailure == nil, !geocoder.places.isEmpty else {
            printError("geocode: \(geocoder?.loadFailure?.description ?? "no places")")
            return 1
        }
        let residentGrowth = residentBytes() - residentBefore

        var random = SplitMix64(seed: seed)
        let positions = (0..<count).map { index -> GPSCoordinate in
            if index % 10 == 9 {
                return GPSCoordinate(latitude: asin(random.unit() * 2 - 1) * 180 / .pi, longitude: random.unit() * 360 - 180)
            }
            let city = geocoder.places[Int(random.next() % UInt64(geocoder.places.count))]
            let latitude = max(-90, min(90, city.latitude + random.unit() - 0.5))
            var longitude = city.longitude + random.unit() - 0.5
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            return GPSCoordinate(latitude: latitude, longitude: longitude)
        }

        var named = 0, checksum = 0.0
        let milliseconds = medianMilliseconds(runs: repeats) {
            named = 0
            checksum = 0
            for position in positions {
                if let place = geocoder.place(near: position) {
                    named += 1
                    checksum += place.distanceKilometres
                }
            }
        }
        let rate = Double(count) / (milliseconds / 1000)
        print("geocode: \(count) positions in \(rounded(milliseconds, 1)) ms (median of \(repeats)):"
              + " \(Int(rate.rounded())) positions/s, \(rounded(1000 * milliseconds / Double(count), 3)) µs each;"
              + " \(geocoder.places.count) cities loaded in \(rounded(loadMilliseconds, 1)) ms,"
              + " index \(rounded(Double(geocoder.indexMemoryBytes) / 1_048_576, 2)) MB,"
              + " resident growth at load \(rounded(Double(residentGrowth) / 1_048_576, 1)) MB;"
              + " \(rounded(100 * Double(named) / Double(count), 1))% named,"
              + " mean distance \(rounded(checksum / Double(max(1, named)), 1)) km")
        return 0
    }

    static func rounded(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        return (value * scale).rounded() / scale
    }

    /// The process's resident set, from /proc/self/statm (0 when unreadable).
    static func residentBytes() -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        let fields = String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// A small seeded generator (SplitMix64), the same positions on every machine.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
