import Catalog
import Imaging

/// Groups fingerprinted photos into copies, bursts and similar photos
/// (`SimilarGroup`) without comparing all pairs: photos taken near enough
/// in time with DCT hashes within `searchRadius` bits, and photos without a
/// time by their hash within `copyRadius` (`CandidatePairs`); only those
/// pairs are looked at more closely.
///
/// - A **copy** is the same picture: its 16 × 16 luma, less its mean, within
///   `copyLumaDistance` of the other's (saving again adds noise; a frame
///   moved or taken later changes edges), the same shape, and never two
///   different capture times (a copy keeps the original's time or has none;
///   two exposures a tenth of a second apart are two pictures, however alike).
/// - A **burst** is one camera's frames at most `burstSeconds` apart (or
///   with one burst identifier) whose hashes are within `searchRadius`.
/// - **Similar** photos are taken at most `similarSeconds` apart with hashes
///   within `similarRadius`.
///
/// Copies are grouped first; each set of copies then takes part in bursts
/// and similar groups as its best photo alone, and a photo of a burst in no
/// similar group.
public struct SimilarPhotos: Sendable {
    public var searchRadius = 14
    /// How far apart the DCT hashes of a copy without a capture time may be
    /// from the others' (on the labelled set, copies are within 2 bits).
    public var copyRadius = 8
    public var similarRadius = 10
    public var copyLumaDistance = 3.0
    public var burstSeconds = 2.0
    public var similarSeconds = 120.0
    /// Largest relative difference of aspect ratios for copies.
    public var copyAspectTolerance = 0.02

    public init() {}

    /// The groups among `photos`, largest first, then by their best photo's path.
    public func groups(_ photos: [FingerprintedPhoto]) -> [SimilarGroup] {
        // A plain frame (a lens cap, a blank page, one colour) has no picture to compare.
        let photos = photos.filter { Self.hasStructure($0.fingerprint.luma) }
        let times = photos.map { Self.captureSeconds($0) }
        let pairs = CandidatePairs.find(codes: photos.map(\.fingerprint.dct), times: times, radius: searchRadius,
                                        copyRadius: copyRadius, window: max(burstSeconds, similarSeconds))
        let cameras = photos.map(\.camera)

        // Copies: the nearest pairs first, joined while no set gains two capture times.
        var copyEdges: [(Int, Int, Int, Double)] = []
        for (a, b, bits) in pairs {
            guard Self.sameShape(photos[a].size, photos[b].size, tolerance: copyAspectTolerance) else { continue }
            if let ta = times[a], let tb = times[b], ta != tb { continue }
            let luma = Self.lumaDistance(photos[a].fingerprint.luma, photos[b].fingerprint.luma)
            if luma <= copyLumaDistance { copyEdges.append((a, b, bits, luma)) }
        }
        copyEdges.sort { ($0.3, $0.0, $0.1) < ($1.3, $1.0, $1.1) }
        var copies = UnionFind(count: photos.count)
        var setTime = times
        var copyDistance = [Int](repeating: 0, count: photos.count)
        for (a, b, bits, _) in copyEdges {
            let (ra, rb) = (copies.root(a), copies.root(b))
            guard ra != rb else { continue }
            if let ta = setTime[ra], let tb = setTime[rb], ta != tb { continue }
            let root = copies.join(ra, rb)
            setTime[root] = setTime[ra] ?? setTime[rb]
            copyDistance[root] = max(copyDistance[ra], copyDistance[rb], bits)
        }
        var groups: [SimilarGroup] = []
        var standIn = Array(photos.indices)  // each photo's copy set's best
        for members in copies.sets() where members.count > 1 {
            let best = members.max { Self.isBetterOriginal(photos[$1], than: photos[$0]) }!
            for member in members { standIn[member] = best }
            groups.append(group(.copy, members, best: best, distance: copyDistance[copies.root(best)], photos))
        }

        // Bursts, then similar photos, among the copy sets' best photos and the rest.
        var bursts = UnionFind(count: photos.count)
        var burstDistance = [Int](repeating: 0, count: photos.count)
        var similarEdges: [(Int, Int, Int)] = []
        for (pa, pb, bits) in pairs {
            let (a, b) = (standIn[pa], standIn[pb])
            guard a != b else { continue }
            let sameBurstID = photos[a].burstIdentifier != nil && photos[a].burstIdentifier == photos[b].burstIdentifier
            let apart = times[a].flatMap { ta in times[b].map { abs(ta - $0) } }
            if sameBurstID || (cameras[a] != nil && cameras[a] == cameras[b] && apart.map { $0 <= burstSeconds } == true) {
                let (ra, rb) = (bursts.root(a), bursts.root(b))
                if ra != rb {
                    let root = bursts.join(ra, rb)
                    burstDistance[root] = max(burstDistance[ra], burstDistance[rb], bits)
                } else {
                    burstDistance[ra] = max(burstDistance[ra], bits)
                }
            } else if bits <= similarRadius, let apart, apart <= similarSeconds {
                similarEdges.append((a, b, bits))
            }
        }
        var inBurst = [Bool](repeating: false, count: photos.count)
        for members in bursts.sets() where members.count > 1 && members.allSatisfy({ standIn[$0] == $0 }) {
            for member in members { inBurst[member] = true }
            let best = members.max { Self.isBetterFrame(photos[$1], than: photos[$0]) }!
            groups.append(group(.burst, members, best: best, distance: burstDistance[bursts.root(best)], photos))
        }
        var similar = UnionFind(count: photos.count)
        var similarDistance = [Int](repeating: 0, count: photos.count)
        for (a, b, bits) in similarEdges where !inBurst[a] && !inBurst[b] {
            let (ra, rb) = (similar.root(a), similar.root(b))
            let root = ra == rb ? ra : similar.join(ra, rb)
            similarDistance[root] = max(similarDistance[ra], similarDistance[rb], bits)
        }
        for members in similar.sets() where members.count > 1 {
            let best = members.max { Self.isBetterFrame(photos[$1], than: photos[$0]) }!
            groups.append(group(.similar, members, best: best, distance: similarDistance[similar.root(best)], photos))
        }
        return groups.sorted { ($1.photos.count, $0.best.path) < ($0.photos.count, $1.best.path) }
    }

    private func group(_ kind: SimilarGroup.Kind, _ members: [Int], best: Int, distance: Int,
                       _ photos: [FingerprintedPhoto]) -> SimilarGroup {
        SimilarGroup(kind: kind, photos: members.map { photos[$0] }.sorted { $0.path < $1.path }, best: photos[best],
                     distance: distance)
    }

    /// Root-mean-square difference of two 16 × 16 lumas, in luma steps
    /// (0...255), forgiving a difference of their means up to
    /// `forgivenLevelShift` (a copy made a little lighter or darker is
    /// still a copy; two plain frames of different shades are not).
    public static func lumaDistance(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        let n = Double(a.count)
        let shift = (Double(a.reduce(0) { $0 + Int($1) }) - Double(b.reduce(0) { $0 + Int($1) })) / n
        let forgiven = max(-forgivenLevelShift, min(forgivenLevelShift, shift))
        var sum = 0.0
        for i in a.indices {
            let d = Double(a[i]) - Double(b[i]) - forgiven
            sum += d * d
        }
        return (sum / n).squareRoot()
    }

    /// Whether a 16 × 16 luma varies by at least `leastStructure` (its
    /// standard deviation, in luma steps): a plain frame does not.
    static func hasStructure(_ luma: [UInt8]) -> Bool {
        guard !luma.isEmpty else { return false }
        let n = Double(luma.count)
        let mean = Double(luma.reduce(0) { $0 + Int($1) }) / n
        let variance = luma.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / n
        return variance >= leastStructure * leastStructure
    }

    /// The least standard deviation of a picture's 16 × 16 luma for it to be grouped.
    public static let leastStructure = 2.0

    /// The most difference of mean luma `lumaDistance` forgives.
    public static let forgivenLevelShift = 6.0

    /// Whether two upright sizes have the same aspect ratio within `tolerance` (unknown sizes match).
    static func sameShape(_ a: PixelSize?, _ b: PixelSize?, tolerance: Double) -> Bool {
        guard let a, let b, a.width > 0, a.height > 0, b.width > 0, b.height > 0 else { return true }
        let (ra, rb) = (Double(a.width) / Double(a.height), Double(b.width) / Double(b.height))
        return abs(ra - rb) <= tolerance * max(ra, rb)
    }

    /// The capture time in seconds (from a fixed day), when the file gives one (not its time of change).
    static func captureSeconds(_ photo: FingerprintedPhoto) -> Double? {
        guard photo.isTimedByFile, let text = photo.takenAt else { return nil }
        return CaptureSeconds.parse(text)
    }

    /// The original among copies: the most pixels, then a capture time in
    /// the file, then the earliest file, then the most bytes a pixel.
    static func isBetterOriginal(_ a: FingerprintedPhoto, than b: FingerprintedPhoto) -> Bool {
        let pixels = { (photo: FingerprintedPhoto) in (photo.size?.width ?? 0) * (photo.size?.height ?? 0) }
        if pixels(a) != pixels(b) { return pixels(a) > pixels(b) }
        let (timedA, timedB) = (captureSeconds(a) != nil, captureSeconds(b) != nil)
        if timedA != timedB { return timedA }
        if a.modificationTimeNanoseconds != b.modificationTimeNanoseconds {
            return a.modificationTimeNanoseconds < b.modificationTimeNanoseconds
        }
        let perPixel = { (photo: FingerprintedPhoto) in Double(photo.byteCount) / Double(max(1, pixels(photo))) }
        if perPixel(a) != perPixel(b) { return perPixel(a) > perPixel(b) }
        return a.path < b.path
    }

    /// The best frame of a scene: the higher quality, then the earlier path.
    static func isBetterFrame(_ a: FingerprintedPhoto, than b: FingerprintedPhoto) -> Bool {
        a.fingerprint.quality != b.fingerprint.quality ? a.fingerprint.quality > b.fingerprint.quality : a.path < b.path
    }
}

/// Disjoint sets of indices, joined by rank with paths halved.
struct UnionFind {
    private var parent: [Int]
    private var rank: [UInt8]

    init(count: Int) {
        parent = Array(0..<count)
        rank = [UInt8](repeating: 0, count: count)
    }

    mutating func root(_ x: Int) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }

    /// Joins the sets of two roots; returns the new root.
    @discardableResult
    mutating func join(_ a: Int, _ b: Int) -> Int {
        let (ra, rb) = (root(a), root(b))
        guard ra != rb else { return ra }
        if rank[ra] < rank[rb] { parent[ra] = rb; return rb }
        if rank[ra] == rank[rb] { rank[ra] += 1 }
        parent[rb] = ra
        return ra
    }

    /// The sets, each in index order, by their first index.
    mutating func sets() -> [[Int]] {
        var byRoot: [Int: [Int]] = [:]
        for x in parent.indices { byRoot[root(x), default: []].append(x) }
        return byRoot.values.sorted { $0[0] < $1[0] }
    }
}

/// "YYYY-MM-DDTHH:MM:SS[.fff]" as seconds from 2000-03-01 (days from the civil calendar).
enum CaptureSeconds {
    static func parse(_ text: String) -> Double? {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard (48...57).contains(utf8[i]) else { return nil }
                value = value * 10 + Int(utf8[i] - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var fraction = 0.0
        if utf8.count > 20, utf8.count <= 29, utf8[19] == UInt8(ascii: "."), let digits = number(20..<utf8.count) {
            fraction = Double(digits) / (0..<utf8.count - 20).reduce(1.0) { value, _ in value * 10 }
        }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let days = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 730_425
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
    }
}
