// filmroll-bench similar-index: grouping fingerprints by `HammingIndex`.
// Makes --count seeded 64-bit fingerprints (default 100,000), a fifth of
// them in planted clusters of 2 to 6 (each member 0...6 bits from its
// cluster's centre), builds the index, finds every pair within --distance
// bits (default 8) and joins them into groups (union-find); prints the
// times, the groups and the peak RSS growth from before the fingerprints.
//
// With --hash-edge E, times instead the fingerprint and the frame quality
// of 100 seeded RGB images of E × 3E/4 pixels (the small decoded image).
//
// With --grouping, groups the fingerprints as `filmroll similar` does
// (`SimilarPhotos`): each a photo taken over ten years, a planted
// cluster's members a second apart (bursts) or, one in ten, without a
// time (copies stripped of their metadata), with lumas from a pool of
// 1,024 (a cluster shares its centre's); prints the time and the groups.
//
//   filmroll-bench similar-index [--count N] [--distance D] [--seed S] [--grouping]
//   filmroll-bench similar-index --hash-edge E
import Catalog
import Filmroll

enum SimilarIndexBench {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var count = 100_000, distance = 8, seed: UInt64 = 40, hashEdge = 0, grouping = false
        while let argument = arguments.first {
            arguments.removeFirst()
            if argument == "--grouping" {
                grouping = true
                continue
            }
            let value = arguments.first
            if value != nil { arguments.removeFirst() }
            switch argument {
            case "--count": count = value.flatMap { Int($0) } ?? 0
            case "--distance": distance = value.flatMap { Int($0) } ?? -1
            case "--seed": seed = value.flatMap { UInt64($0) } ?? 0
            case "--hash-edge": hashEdge = value.flatMap { Int($0) } ?? -1
            default: count = 0
            }
        }
        guard count > 0, distance >= 0, hashEdge >= 0 else {
            printError("usage: filmroll-bench similar-index [--count N] [--distance D] [--seed S] [--grouping] | --hash-edge E")
            return 64
        }
        if hashEdge > 0 { return timeHashing(edge: hashEdge, seed: seed) }
        let before = GeocodeBench.residentBytes()
        var random = SplitMix64(seed: seed)
        var codes: [UInt64] = []
        codes.reserveCapacity(count)
        while codes.count < count {
            let centre = random.next()
            let members = codes.count < count / 5 ? 2 + Int(random.next() % 5) : 1
            for _ in 0..<min(members, count - codes.count) {
                var code = centre
                if members > 1 { for _ in 0..<random.next() % 7 { code ^= 1 << (random.next() % 64) } }
                codes.append(code)
            }
        }
        if grouping { return group(codes, seed: seed, before: before) }
        let start = ContinuousClock.now
        let index = HammingIndex(codes)
        let built = ContinuousClock.now
        let pairs = index.pairs(within: distance)
        let paired = ContinuousClock.now
        var parent = Array(0..<count)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for (a, b, _) in pairs {
            let (ra, rb) = (root(a), root(b))
            if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
        }
        var sizes: [Int: Int] = [:]
        for i in 0..<count { sizes[root(i), default: 0] += 1 }
        let groups = sizes.values.filter { $0 > 1 }
        let end = ContinuousClock.now
        let growth = max(0, BasemapBench.peakResidentBytes() - before)
        func ms(_ duration: Duration) -> Int {
            Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        }
        print("similar-index: \(count) fingerprints, \(pairs.count) pairs within \(distance), \(groups.count) groups"
              + " of \(groups.reduce(0, +)) in \(ms(end - start)) ms (index \(ms(built - start)) ms,"
              + " pairs \(ms(paired - built)) ms, groups \(ms(end - paired)) ms), peak RSS growth \(growth / 1024) KiB")
        return 0
    }

    /// Groups `codes` as photos (see the file's comment) by `SimilarPhotos`.
    static func group(_ codes: [UInt64], seed: UInt64, before: Int) -> Int32 {
        var random = SplitMix64(seed: seed &+ 1)
        let lumas = (0..<1024).map { _ in (0..<256).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        var photos: [FingerprintedPhoto] = []
        photos.reserveCapacity(codes.count)
        var clusterTime = 0.0, clusterLuma = 0, previous: UInt64 = 0
        for (index, code) in codes.enumerated() {
            // A planted cluster's members follow each other, within 6 bits of the one before.
            let inCluster = index > 0 && (code ^ previous).nonzeroBitCount <= 12
            if !inCluster {
                clusterTime = Double(random.next() % (10 * 365 * 86_400))
                clusterLuma = Int(random.next() % 1024)
            } else {
                clusterTime += 1
            }
            previous = code
            let untimed = inCluster && random.next() % 10 == 0
            let seconds = Int(clusterTime)
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let taken = untimed ? nil : "\(2016 + seconds / 31_536_000)-\(two(1 + seconds / 2_628_000 % 12))-"
                + "\(two(1 + seconds / 86_400 % 28))T\(two(seconds / 3600 % 24)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
            photos.append(FingerprintedPhoto(
                id: Int64(index), path: "p/\(index).jpg", format: "jpeg", byteCount: 1_000_000,
                size: PixelSize(width: 4032, height: 3024), takenAt: taken, isTimedByFile: !untimed,
                modificationTimeNanoseconds: Int64(index), camera: "Bench Cam", burstIdentifier: nil,
                fingerprint: StoredFingerprint(dct: code, gradient: code, luma: lumas[clusterLuma], quality: Double(index % 97),
                                               sharpness: 0, clipped: 0, exposure: 0)))
        }
        let start = ContinuousClock.now
        let groups = SimilarPhotos().groups(photos)
        let seconds = Double((ContinuousClock.now - start).components.attoseconds) / 1e18
            + Double((ContinuousClock.now - start).components.seconds)
        let growth = max(0, BasemapBench.peakResidentBytes() - before)
        let kinds = SimilarGroup.Kind.allCases.map { kind in "\(groups.filter { $0.kind == kind }.count) \(kind.rawValue)" }
        print("similar-index grouping: \(photos.count) photos in \((seconds * 100).rounded() / 100) s, groups: "
              + kinds.joined(separator: ", ") + ", peak RSS growth \(growth / 1024) KiB")
        return 0
    }

    /// Times `PerceptualHash` and `FrameQuality` on 100 noisy gradients of edge × 3·edge/4.
    static func timeHashing(edge: Int, seed: UInt64) -> Int32 {
        var random = SplitMix64(seed: seed)
        let (width, height) = (edge, max(1, edge * 3 / 4))
        let images = (0..<100).map { _ in
            let tilt = Int(random.next() % 4) + 1
            return Image(width: width, height: height, format: .rgb8, pixels: (0..<width * height * 3).map { at in
                UInt8(truncatingIfNeeded: (at / 3 % width) * tilt / 4 + (at / 3 / width) / 2 + Int(random.next() % 16))
            })
        }
        var bits = 0
        let hashing = medianMilliseconds(runs: 3) { for image in images { bits &+= PerceptualHash(of: image).dct.nonzeroBitCount } }
        var score = 0.0
        let quality = medianMilliseconds(runs: 3) { for image in images { score += FrameQuality(of: image).score } }
        print("similar-index hashing: \(width)×\(height) RGB, PerceptualHash \(Int(hashing * 10)) µs and"
              + " FrameQuality \(Int(quality * 10)) µs an image (median of 3 passes over 100; \(bits % 2)\(Int(score) % 2))")
        return 0
    }
}
